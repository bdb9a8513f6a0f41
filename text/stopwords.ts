// Word lists that carry no subject, in one place so every reader of text agrees on them.
// Changing a list changes behaviour: LEXICAL_STOPWORDS feeds the stored local vectors (a
// change there means re-indexing), the others the offline provider's answers and tool choice.

/** Words too common to say what a question or sentence is about (extractive answers, tool choice). */
export const QUESTION_STOPWORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by can do does for from has have how i in is it its me my of on or our so that the their them then there these this to was what when where which who why will with you your'.split(' '),
);

/** The local lexical embedder's list: a fuller English one, with contraction fragments (`s`, `ll`, …). */
// prettier-ignore
export const LEXICAL_STOPWORDS: readonly string[] = [
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'could',
  'did', 'do', 'does', 'doing', 'down', 'during', 'each', 'few', 'for', 'from', 'further', 'had', 'has',
  'have', 'having', 'he', 'her', 'here', 'hers', 'herself', 'him', 'himself', 'his', 'how', 'i', 'if',
  'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'me', 'more', 'most', 'my', 'myself', 'no', 'nor',
  'of', 'off', 'on', 'once', 'only', 'or', 'other', 'our', 'ours', 'ourselves', 'out', 'over', 'own',
  'same', 'she', 'should', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'theirs', 'them',
  'themselves', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'under',
  'until', 'up', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'whom',
  'why', 'will', 'with', 'you', 'your', 'yours', 'yourself', 'yourselves', 's', 't', 'd', 'll',
  're', 've', 'm',
];

/**
 * Verbs tool names and descriptions are built from ("getWeather", "Look up an order"): sharing
 * one says nothing about the subject, so "how do I get there?" must not pick `getWeather`.
 */
export const TOOL_NAME_STOPWORDS: ReadonlySet<string> = new Set(
  'get set fetch list find look lookup up search query retrieve show create update delete check run call make tool api'.split(' '),
);

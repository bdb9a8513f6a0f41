// The parts of a dotted name a question writes ("copy.deepcopy", "collections.ChainMap"). The
// full-text parser (PostgreSQL's, which the lexical index reads words with) takes such a name
// for one word, as it takes a host name, and a page that documents it as "deepcopy()" or
// "__deepcopy__()" never says that word: "How can my class customize what copy.deepcopy does…"
// found no passage of the copy module's page. The chunks' vectors hold each such name's parts
// beside it already (`document_search_text`, store/migrations/1700000000030_search_text.ts), so
// retrieval searches the question's parts too, beside the whole name. That migration kept a
// question's names whole, for read through the chunks' function "How does json.dumps use its
// indent argument?" lost its key term; with the parts added here it keeps it, and the names of
// files and hosts stay whole (split, they moved ten ranks of Git's and pgpool-II's questions,
// seven of them down).

/** A name of two or more dotted parts, each starting with a letter or an underscore, not inside a longer run of dots. */
const DOTTED = /(?<![\p{L}\p{N}_.])[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)+(?![\p{L}\p{N}_])/gu;

/**
 * A file's or a host's name ("pgpool.conf", "example.com"): its last part says what kind of file
 * or site it is, which tells nothing apart ("conf" in every chunk on configuration), and the name
 * is written whole where it is documented.
 */
const FILE_OR_HOST = /\.(?:conf|cfg|ini|html?|py|pyc|js|ts|json|ya?ml|toml|txt|md|sql|sh|git|com|org|net|io|log|db|rej|c|h|so|rb|pl|xml|csv|gz|tar|zip|pem|key|crt|service|d)$/i;

/** The parts of the dotted names `question` writes, but for names of files and hosts, in order. */
export function dottedNameParts(question: string): string[] {
  return (question.match(DOTTED) ?? []).filter((name) => !FILE_OR_HOST.test(name)).flatMap((name) => name.split('.'));
}

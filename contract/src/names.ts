// Names the contract reserves, free of zod: workflow code imports them from here
// (`@askflow/contract/names`), because every new workflow run re-evaluates each module its
// bundle holds — the main entry would rebuild all the contract's schemas on every ask.

/** The built-in tool through which a model searches the project's knowledge: no project tool may take its name. */
export const KNOWLEDGE_TOOL_NAME = 'search_knowledge';

/** Between a source and its section, and between the parts of a section ("EXPLAIN QUERY PLAN › 1.1. Table and Index Scans"). */
export const SECTION_SEPARATOR = ' › ';

/**
 * How a passage is named where it is cited — to a model beside its text, and in the offline
 * answer after its quotes: its source, then the section of the document it is in
 * ("returns.md#0 › Returns"). The routed workflow's search result labels them the same way.
 */
export function citedAs(source: string, section?: string): string {
  return section ? `${source}${SECTION_SEPARATOR}${section}` : source;
}

/**
 * How a passage is named where it is cited — to a model beside its text, and in the offline
 * answer after its quotes: its source, then the section of the document it is in
 * ("returns.md#0 › Returns"). The routed workflow's search result labels them the same way.
 */
export function citedAs(source: string, section?: string): string {
  return section ? `${source} › ${section}` : source;
}

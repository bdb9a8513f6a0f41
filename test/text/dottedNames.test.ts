// The parts of the dotted names a question writes, which retrieval searches beside the whole name.
import { dottedNameParts } from '../../text/dottedNames.js';

describe('the parts of a dotted name', () => {
  it('are read off a module and its function or class', () => {
    expect(dottedNameParts('How can my class customize what copy.deepcopy does?')).toEqual(['copy', 'deepcopy']);
    expect(dottedNameParts('what is collections.ChainMap good for, and os.path.join?')).toEqual(['collections', 'ChainMap', 'os', 'path', 'join']);
    expect(dottedNameParts('Does sqlite3.Connection.__exit__ commit?')).toEqual(['sqlite3', 'Connection', '__exit__']);
  });

  it('are not read off a file or host name, a version or a sentence end', () => {
    expect(dottedNameParts('Where is pgpool.conf, and can I include pool_hba.conf from it?')).toEqual([]);
    expect(dottedNameParts('Cloning https://example.com/foo.git with Python 3.11.2. Then what?')).toEqual([]);
  });
});

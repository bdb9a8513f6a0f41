// Jest's node environment, closing the local servers a test file left listening once the file is
// done (test/fakes/openServers.ts): left open, they would outlive the file in its worker process.
import { TestEnvironment } from 'jest-environment-node';

export default class AskflowTestEnvironment extends TestEnvironment {
  async teardown() {
    // Here, at the environment's teardown, this runs after every afterAll hook of the file, so a
    // test that closes its servers itself still finds them open.
    await this.global.__askflowCloseOpenServers?.();
    await super.teardown();
  }
}

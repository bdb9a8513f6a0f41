export default async function globalTeardown() {
  await globalThis.__ASKFLOW_TEST_STACK__?.dispose();
}

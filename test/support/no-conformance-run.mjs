/**
 * The quick set of self-tests (`npm run test:quick`) starts no conformance run: that is what
 * keeps it an edit loop of a minute or two. test/support/seal.ts hands this module to every child
 * node process of a quick test (NODE_OPTIONS --import); the suite runner of a conformance run
 * (vitest with vitest.conformance.config.ts) stops here at once and says where the test belongs.
 */
if (process.env.PC_SELF_TEST_SET === 'quick' && process.argv.some((a) => a.endsWith('vitest.conformance.config.ts'))) {
  console.error('self-test set quick: this test starts a conformance run; name its file *.run.test.ts so that it runs in the runs set (vitest.config.ts)');
  process.exit(2);
}

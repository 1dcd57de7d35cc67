// Prints one plain closing line ("N passed, N failed, N skipped") that any CI can read, and, in a shard
// of `npm test`, writes how long each file took (COUNTERFOIL_TEST_TIMES_OUT; test/helpers/test-times.cjs).
const path = require('node:path');
const { writeTimes } = require('./test-times.cjs');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.seconds = {};
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    if (start > 0 && end >= start) this.seconds[path.relative(this.rootDir, result.testFilePath).split(path.sep).join('/')] = Math.round((end - start) / 100) / 10;
  }

  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
    const out = process.env.COUNTERFOIL_TEST_TIMES_OUT;
    if (out) {
      try {
        writeTimes(out, this.seconds);
      } catch (err) {
        process.stderr.write(`test times not recorded: ${err.message}\n`);
      }
    }
    process.stdout.write(`\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`);
  }
}
module.exports = SummaryReporter;

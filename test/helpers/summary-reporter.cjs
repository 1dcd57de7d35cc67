// Prints one plain closing line ("N passed, N failed, N skipped") that any CI can read, and, in a shard
// of `npm test`, writes how long each file took (COUNTERFOIL_TEST_TIMES_OUT; test/helpers/test-times.cjs).
// Each failed test gets one `failed: <file> › <name>: <first line>` line, which `npm test` repeats at the
// very end, so the tail of a long CI log names what failed.
const path = require('node:path');
const { writeTimes } = require('./test-times.cjs');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.seconds = {};
    this.failures = [];
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    const file = path.relative(this.rootDir, result.testFilePath).split(path.sep).join('/');
    if (start > 0 && end >= start) this.seconds[file] = Math.round((end - start) / 100) / 10;
    const firstLine = (text) => (text ?? '').split('\n').map((l) => l.trim()).find(Boolean)?.slice(0, 300) ?? '';
    for (const t of result.testResults) {
      if (t.status === 'failed') this.failures.push(`failed: ${file} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    }
    // A file that fails outside any test (a hook, a syntax error) has no failed test to name.
    if (result.testExecError || (result.failureMessage && !result.testResults.some((t) => t.status === 'failed'))) {
      this.failures.push(`failed: ${file}: ${firstLine(result.testExecError?.message ?? result.failureMessage)}`);
    }
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
    for (const line of this.failures) process.stdout.write(`\n${line}`);
    process.stdout.write(`\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`);
  }
}
module.exports = SummaryReporter;

/**
 * The functions' log lines as CloudWatch receives them (Powertools Logger prints one JSON object a line), for tests
 * that read what an operator reads.
 */
export type LogLine = Record<string, unknown>;

/**
 * Modules loaded by `load` (which calls `require`) as fresh copies with logging on: Powertools sets a warm function's
 * level back to the one it started with (POWERTOOLS_LOG_LEVEL, SILENT in the tests) at every invocation, so a module
 * that logs must be loaded with the level the test reads.
 */
export function loadWithLogging<T>(load: () => T): T {
  const level = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  let modules!: T;
  try {
    jest.isolateModules(() => {
      modules = load();
    });
  } finally {
    process.env.POWERTOOLS_LOG_LEVEL = level;
  }
  return modules;
}

/**
 * Collects the lines printed during each test (stdout and stderr; nothing reaches the terminal). Call at the top of a
 * test file; the answer reads the current test's lines.
 */
export function captureLogLines(): () => LogLine[] {
  let lines: LogLine[] = [];
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
    return true;
  };
  let spies: jest.SpyInstance[] = [];
  beforeEach(() => {
    lines = [];
    spies = [
      jest.spyOn(process.stdout, 'write').mockImplementation(capture),
      jest.spyOn(process.stderr, 'write').mockImplementation(capture),
    ];
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return () => lines;
}

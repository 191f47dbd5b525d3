// Mini-program tests drive the simulator through asynchronous React renders and setData; on a
// loaded machine a tap's result can come late. A failed test is retried up to twice, its first
// errors printed, so a real failure still fails and every flake stays visible in the log.
jest.retryTimes(2, { logErrorsBeforeRetry: true })

/**
 * Makes a dependency of the local stack stop answering for the length of `run`: DynamoDB Local's
 * Java process is paused (SIGSTOP) and always resumed (SIGCONT), whatever `run` does.
 */
export async function whileDatabasePaused<T>(pid: number, run: () => Promise<T>): Promise<T> {
  process.kill(pid, 'SIGSTOP');
  try {
    return await run();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

// Work done after the answer is sent (sign-up and password-reset mails): the answer takes the same
// time whatever the work finds, and a failure goes to the log instead of to the visitor.
export type Background = {
  run: (label: string, task: () => Promise<void>) => void;
  /** Resolves when every task started so far has finished (shutdown, tests). */
  idle: () => Promise<void>;
};

export function createBackground(log: (message: string, error: unknown) => void): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log(`tarea en segundo plano fallida: ${label}`, error))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

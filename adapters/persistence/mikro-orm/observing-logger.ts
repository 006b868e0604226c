import { DefaultLogger, type LogContext, type LoggerOptions } from '@mikro-orm/core';
import type { QueryObserver } from '../query-observer.js';

/**
 * MikroORM calls its logger's `logQuery` after every statement with the time it took, whether or
 * not query logging is on: this logger hands that to the observer instead of printing it.
 */
export class ObservingLogger extends DefaultLogger {
  constructor(
    options: LoggerOptions,
    private readonly observe: QueryObserver,
  ) {
    super(options);
  }

  override logQuery(context: LogContext): void {
    if (context.query === undefined || context.took === undefined) return;
    this.observe({
      sql: context.query,
      durationMs: context.took,
      side: 'write',
      failed: context.level === 'error',
    });
  }
}

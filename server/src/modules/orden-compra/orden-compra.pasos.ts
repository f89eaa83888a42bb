// Records a step of an order within its transaction: the order's new state, the history line (who,
// when, from, to, note) and the buyer's mail of the step, delivered after the commit.
import type { OrderStep } from '#domain/order-steps.ts';
import type { AfterCommit } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import type { ordenesCompra } from '#server/modules/orden-compra/orden-compra.schema.ts';
import { queueStepMail } from './orden-compra.avisos.ts';
import type { OrderContext } from './orden-compra.context.ts';
import * as repo from './orden-compra.repo.ts';

export type StepRecord = {
  /** The step the order takes (the same one for a change that is not a step, such as the tracking number). */
  to: OrderStep;
  /** Other columns that change with the step. */
  changes?: Partial<typeof ordenesCompra.$inferInsert>;
  userId: number | null;
  /** The staff's note in the history. */
  note?: string;
  /** A line for the buyer in the step's mail. */
  mailNote?: string;
  /** false: no step mail (a change that is not a step, whose mail the caller sends, if any). */
  mail?: boolean;
  at?: Date;
};

export async function recordStep(ctx: OrderContext, tx: Db, afterCommit: AfterCommit, order: repo.OrderRow, step: StepRecord) {
  const at = step.at ?? new Date();
  await repo.updateOrder(tx, order.id, { step: step.to, updatedAt: at, ...step.changes });
  await repo.insertHistory(tx, {
    orderId: order.id,
    fromStep: order.step,
    toStep: step.to,
    userId: step.userId,
    note: step.note ?? '',
    at,
  });
  if (step.mail !== false) await queueStepMail(ctx, tx, afterCommit, order, step.to, step.mailNote ?? '');
}

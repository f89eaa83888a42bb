// The checkout draft kept in the tab's sessionStorage, so a reload does not lose the steps filled in.
import type { CheckoutDraft } from '#domain/checkout.ts';

const DRAFT_STORAGE = 'vitrina-checkout';

export function readDraft(): CheckoutDraft | null {
  try {
    const saved = sessionStorage.getItem(DRAFT_STORAGE);
    return saved ? (JSON.parse(saved) as CheckoutDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(DRAFT_STORAGE, JSON.stringify(draft));
  } catch {
    // Storage disabled or full: the steps still work, only a reload forgets them.
  }
}

/** After the order is made, the next checkout starts clean (and with a new idempotency key). */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_STORAGE);
  } catch {
    // Nothing was kept.
  }
}

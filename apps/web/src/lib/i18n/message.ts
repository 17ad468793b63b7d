/**
 * A message the UI will show, kept as a translation key (plus values) rather than text, so the
 * stores stay language-neutral and a language switch re-renders every message.
 */
export type MessageRef = {
  key: string;
  values?: Record<string, string | number>;
};

export const message = (key: string, values?: Record<string, string | number>): MessageRef =>
  values ? { key, values } : { key };

/**
 * A form's answer to a server refusal: the field it is about is marked with the server's (translated) message;
 * anything else is left to the form's own error line (the mutation's error).
 */
import { ApiError } from '@beurs/api-client';
import type { FormInstance } from 'antd';

/**
 * Which form field a refusal is about: the first segment of its `field`, renamed where the server's name differs
 * (e.g. `opensAtTimestamp` -> `window`), when the form has such a field.
 */
export function refusedFieldOf<F extends string>(
  error: unknown,
  form: Record<F, unknown>,
  renamed: Partial<Record<string, F>> = {},
): F | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const field = error.field.split('.')[0] ?? '';
  return renamed[field] ?? (field in form ? (field as F) : null);
}

/** Validates the form, then `save`s its values; a refusal about one field is marked on that field. */
export async function saveMarkingRefusals<V>(
  form: FormInstance<V>,
  refusedField: (error: unknown) => string | null,
  save: (values: V) => Promise<void>,
): Promise<void> {
  const values = await form.validateFields().catch(() => null);
  if (!values) return;
  try {
    await save(values);
  } catch (error) {
    const field = refusedField(error);
    if (field && error instanceof ApiError) form.setFields([{ name: field as never, errors: [error.message] }]);
  }
}

/**
 * antd-mobile Form rules that run the shared zod field schemas of @beurs/contracts, so a form
 * checks exactly what the server checks, and show the schema's catalogue key translated.
 */
import { ApiError } from '@beurs/api-client';
import type { FormItemProps } from 'antd-mobile';
import { i18n } from '../app/i18n';

type Rule = NonNullable<FormItemProps['rules']>[number];

/** What this needs of a zod schema (zod 4's safeParse result matches it). */
interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** A catalogue key ('validation.enterEmail') in the current language; unknown keys read "not valid". */
export function translateValidation(key: string | undefined): string {
  if (!key) return i18n.t('validation.invalid');
  return i18n.exists(key) ? i18n.t(key as 'validation.invalid') : i18n.t('validation.invalid');
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Validates with a shared schema. `optional`: an empty field passes (the field is left out of
 * the request). `required` also marks the label.
 */
export function schemaRule(schema: FieldSchema, options: { optional?: boolean } = {}): Rule {
  return {
    required: !options.optional,
    validator: async (_rule, value: unknown) => {
      if (options.optional && isEmpty(value)) return;
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translateValidation(result.error.issues[0]?.message));
    },
  };
}

/** The confirmation field must equal `field` ('validation.passwordsDiffer'). */
export function sameAsRule(field: string, emptyKey: string): Rule {
  return ({ getFieldValue }) => ({
    required: true,
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) throw new Error(translateValidation(emptyKey));
      if (value !== getFieldValue(field)) throw new Error(i18n.t('validation.passwordsDiffer'));
    },
  });
}

/** Empty text fields become undefined so optional request fields are left out. */
export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Puts a 400's message under the field it names, when this form has that field. */
export function showFieldError(
  form: {
    getFieldsValue: (all: true) => Record<string, unknown>;
    setFields: (fields: Array<{ name: string; errors: string[] }>) => void;
  },
  error: unknown,
): void {
  if (!(error instanceof ApiError) || !error.field) return;
  if (!(error.field in form.getFieldsValue(true))) return;
  form.setFields([{ name: error.field, errors: [error.message] }]);
}

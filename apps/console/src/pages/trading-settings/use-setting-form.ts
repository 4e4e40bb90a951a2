import { Form } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type TradingSetting, useUpdateTradingSetting } from '../../api/queries';
import { FIELDS, refusedField, type SettingForm, sameValue, shown, toForm, toInput } from './rules';

/**
 * The edit dialog's state: the form, then the confirmation listing each value that changes, before and after.
 * A value the server refuses goes back to the form, on its field.
 */
export function useSettingForm(setting: TradingSetting, onSaved: (saved: TradingSetting) => void) {
  const [form] = Form.useForm<SettingForm>();
  const update = useUpdateTradingSetting();
  const [confirming, setConfirming] = useState<SettingForm | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  // Why the rule changes: optional, kept in the audit log with the old and new values.
  const [reason, setReason] = useState('');
  const before = toForm(setting);

  const review = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const changed = FIELDS.some((field) => !sameValue(field, before[field], values[field]));
    setUnchanged(!changed);
    if (!changed) return;
    update.reset();
    setConfirming(values);
  };

  const save = async () => {
    if (!confirming) return;
    try {
      const saved = await update.mutateAsync({
        assetClass: setting.assetClass,
        input: { ...toInput(confirming), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      });
      onSaved(saved);
    } catch (error) {
      const field = refusedField(error);
      if (field) {
        // Back to the form, with the server's words on the field it refused.
        setConfirming(null);
        form.setFields([{ name: field, errors: [errorMessage(error)] }]);
      }
    }
  };

  const changes = confirming
    ? FIELDS.filter((field) => !sameValue(field, before[field], confirming[field])).map((field) => ({
        field,
        before: shown(field, before[field]),
        after: shown(field, confirming[field]),
      }))
    : [];

  return {
    form,
    update,
    before,
    confirming,
    back: () => setConfirming(null),
    unchanged,
    edited: () => setUnchanged(false),
    reason,
    setReason,
    review,
    save,
    changes,
  };
}

export type SettingFormState = ReturnType<typeof useSettingForm>;

import { rules } from '@beurs/contracts';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { schemaRule } from '../lib/formRules';
import { Field } from './AppForm';

interface CheckboxProps {
  id?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}

function AgreementCheckbox({ id, checked, onChange }: CheckboxProps) {
  return (
    <label className="agreement" htmlFor={id}>
      <input id={id} type="checkbox" checked={Boolean(checked)} onChange={(e) => onChange?.(e.target.checked)} />
      <span className="agreement__box" aria-hidden="true" />
      <span className="agreement__text">
        <Trans i18nKey="auth.agreement" components={{ terms: <Link to={paths.protocol()} /> }} />
      </span>
    </label>
  );
}

/** The consent checkbox every registration needs ('validation.agreeFirst' until ticked). */
export function AgreementField() {
  return (
    <Field name="agree" valuePropName="checked" rules={[schemaRule(rules.agreement)]} className="form-item--plain">
      <AgreementCheckbox />
    </Field>
  );
}

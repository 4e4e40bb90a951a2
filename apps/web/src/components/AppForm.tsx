/**
 * The app's form conventions on top of antd-mobile's Form: labels above fields, one primary
 * submit button, and validation that first speaks when a field is left (blur), then, once the
 * user has left the field or tried to submit, follows every keystroke. Without the second
 * part, fixing a field and tapping the next control would clear the message on blur, shift
 * everything below it and make the tap miss.
 */
import { Form, type FormItemProps, type FormProps } from 'antd-mobile';
import '../app/antdMobile';
import {
  cloneElement,
  createContext,
  isValidElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { Button } from './Button';

interface AttemptState {
  attempted: boolean;
  markAttempted: () => void;
}

const AttemptContext = createContext<AttemptState>({ attempted: false, markAttempted: () => {} });

/** Lets a control inside the form (e.g. the send-code button) switch the fields to eager validation. */
export function useMarkAttempted(): () => void {
  return useContext(AttemptContext).markAttempted;
}

interface AppFormProps<Values> {
  name: string;
  form: NonNullable<FormProps['form']>;
  initialValues?: Partial<Values> | Record<string, unknown>;
  onFinish: (values: Values) => void;
  submitLabel: ReactNode;
  pending?: boolean;
  children: ReactNode;
}

export function AppForm<Values>({
  name,
  form,
  initialValues,
  onFinish,
  submitLabel,
  pending,
  children,
}: AppFormProps<Values>) {
  const [attempted, setAttempted] = useState(false);
  const markAttempted = useCallback(() => setAttempted(true), []);
  const attempt = useMemo(() => ({ attempted, markAttempted }), [attempted, markAttempted]);
  return (
    <AttemptContext.Provider value={attempt}>
      <Form
        name={name}
        form={form}
        className="form"
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={initialValues}
        onFinish={onFinish}
        onFinishFailed={markAttempted}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={pending}
            // Same reason as above: no blur (and no layout shift) between press and release.
            onMouseDown={(event) => event.preventDefault()}
          >
            {submitLabel}
          </Button>
        }
      >
        {children}
      </Form>
    </AttemptContext.Provider>
  );
}

type ChildWithBlur = { onBlur?: (...args: unknown[]) => void };

/** A Form.Item that validates on blur first and on every change once eager. */
export function Field({ children, validateTrigger, ...props }: FormItemProps) {
  const { attempted } = useContext(AttemptContext);
  const [left, setLeft] = useState(false);
  const eager = attempted || left;
  const child = isValidElement<ChildWithBlur>(children)
    ? cloneElement(children, {
        onBlur: (...args: unknown[]) => {
          setLeft(true);
          children.props.onBlur?.(...args);
        },
      })
    : children;
  return (
    <Form.Item validateTrigger={validateTrigger ?? (eager ? ['onChange', 'onBlur'] : 'onBlur')} {...props}>
      {child}
    </Form.Item>
  );
}

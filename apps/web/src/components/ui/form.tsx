import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormHTMLAttributes, InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import {
  FormProvider,
  get,
  set,
  useController,
  useForm,
  useFormContext,
  useFormState,
  type ControllerRenderProps,
  type FieldErrors as HookFieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { ZodType } from 'zod';
import { ApiError } from '../../lib/api-client';
import { readFormMessage, SEPARATOR, translateViolation, violationsOf, type Translate } from '../../lib/violations';
import { FormErrors } from './alert';
import { SelectField, TextAreaField, TextField, type FieldProps } from './field';

/**
 * A form's schema: the contract's zod schema itself (a screen that imports `/schemas` anyway), a loader of it (a screen
 * that must stay without zod until the form is used: the dashboard's code fields), or none (no rule of the contract).
 */
export type SchemaSource = ZodType | (() => Promise<ZodType>) | null;

/** Field → message: a contract text (V…, the server's words) or a `web_` translation key. */
export type FormCheck = Record<string, string>;

export interface ZodFormOptions<V extends FieldValues> extends Omit<UseFormProps<V>, 'resolver'> {
  /** The request body the values make, which the schema reads (default: the values as they are). */
  body?: (values: V) => unknown;
  /** The form's own rules beside the contract's (a confirmation that must match the password). */
  check?: (values: V) => FormCheck;
  /** Body paths whose violations belong to another field of the form (`schoolName` → `school`). */
  paths?: Record<string, string>;
}

export type ZodForm<V extends FieldValues> = UseFormReturn<V> & {
  paths: Record<string, string>;
  /** The fields on the page that show their own error: a violation of any other property is the form's to say. */
  shown: Set<string>;
  /** Moves focus to the first thing to fix once the errors are on the page. */
  focusFirstError: () => void;
  focusTick: number;
  /** Starts loading the schema and the resolver (the form was focused: a submit is near). */
  preload: () => void;
};

/**
 * A form's messages are kept as written (the contract's texts, the server's, or a `web_` key of the form's own),
 * translated where they are shown: by `translateViolation`, or the form's own reading of its resource's texts.
 */
const TranslateContext = createContext<Translate>(translateViolation);
/** The form's fields on the page (react-hook-form's own context holds its own members only). */
const ShownContext = createContext<Set<string> | null>(null);

const loadResolver = () => import('./form-resolver');
const loadSchema = (schema: Exclude<SchemaSource, null>) => (typeof schema === 'function' ? schema() : Promise.resolve(schema));

/**
 * react-hook-form with the contract's schema: errors show after a submit and follow the field's value from then on
 * (`reValidateMode: 'onChange'`; `mode: 'onChange'` shows them as the field changes), and the resolver with zod is
 * loaded when the form first validates (or is focused), so that no first screen carries zod for a form.
 */
export function useZodForm<V extends FieldValues>(schema: SchemaSource, options: ZodFormOptions<V> = {}): ZodForm<V> {
  const { body, check, paths = {}, ...rest } = options;
  // The resolver reads the render's options (a body made of props): kept once the render is committed, before any event.
  const latest = useRef({ schema, body, check, paths });
  useLayoutEffect(() => {
    latest.current = { schema, body, check, paths };
  });
  const [focusTick, setFocusTick] = useState(0);
  const [shown] = useState(() => new Set<string>());
  const resolver = useCallback<Resolver<V>>(
    async (values, context, opts) => {
      const now = latest.current;
      const errors: HookFieldErrors = {};
      const rest: string[] = [];
      if (now.schema) {
        const [{ schemaErrors }, s] = await Promise.all([loadResolver(), loadSchema(now.schema)]);
        const found = await schemaErrors(s, now.body ? now.body(values) : values, context, opts as ResolverOptions<FieldValues>);
        for (const [path, error] of Object.entries(found)) {
          const name = now.paths[path] ?? path;
          // A rule of a property no field shows (the token of a reset link) is the form's to say.
          if (!shown.has(name)) rest.push(String(error?.message));
          else set(errors, name, get(errors, name) ?? error);
          // A part's error (officeHours.end) outlives a change of the field holding it (officeHours) only if that has a type.
          // (`get` answers unknown: what is there was just made by `set`, an object on the way to the part.)
          for (let i = name.indexOf('.'); shown.has(name) && i > 0; i = name.indexOf('.', i + 1))
            (get(errors, name.slice(0, i)) as { type?: string }).type ??= 'parts';
        }
      }
      // The form's own word comes first: it knows what the reader typed (an empty date is blank, not an invalid date).
      for (const [name, message] of Object.entries(now.check?.(values) ?? {})) set(errors, name, { type: 'check', message });
      if (rest.length) set(errors, 'root', { type: 'check', message: rest.join(SEPARATOR) });
      return (Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} }) as ResolverResult<V>;
    },
    [shown],
  );
  const form = useForm<V>({ mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false, ...rest, resolver });
  const preload = useCallback(() => {
    const s = latest.current.schema;
    if (s) void Promise.all([loadResolver(), loadSchema(s)]).catch(() => undefined);
  }, []);
  const focusFirstError = useCallback(() => setFocusTick((t) => t + 1), []);
  return { ...form, paths, shown, focusFirstError, focusTick, preload };
}

/**
 * A failed send as the form shows it: the 400's violations under their fields (the first of each), those of no field
 * the form has and any other failure above the form (the server's message, or `fallback` when the call never arrived).
 * Answers whether the failure carried violations. Focus goes to the first thing to fix.
 */
export function applyServerViolations<V extends FieldValues>(
  form: ZodForm<V>,
  error: unknown,
  fallback = 'web_common_fetch_failed',
): boolean {
  const violations = violationsOf(error);
  const rest: string[] = [];
  const seen = new Set<string>();
  for (const v of violations ?? []) {
    const name = form.paths[v.propertyPath] ?? v.propertyPath;
    if (!form.shown.has(name)) rest.push(v.message);
    else if (!seen.has(name)) {
      seen.add(name);
      form.setError(name as FieldPath<V>, { type: 'server', message: v.message });
    }
  }
  if (!violations) rest.push(error instanceof ApiError && error.status !== 0 ? error.message : fallback);
  if (rest.length) setFormError(form, rest.join(SEPARATOR));
  form.focusFirstError();
  return violations !== null;
}

/**
 * A message of the whole form (a refusal of no field), shown by `<FormError>`, or of one field (`name`); cleared by the
 * next submit. Focus goes to the first thing to fix.
 */
export function setFormError<V extends FieldValues>(form: ZodForm<V>, message: string, name: FieldPath<V> | 'root' = 'root') {
  form.setError(name, { type: 'server', message });
  form.focusFirstError();
}

const FOCUSABLE_ERROR = '[aria-invalid="true"], [data-form-error]';

interface FormProps<V extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  form: ZodForm<V>;
  /** Sends the values. What it throws is shown by `applyServerViolations`. */
  onSubmit: (values: V) => Promise<void> | void;
  /** How this form's texts are read (the class forms know the class rules' own texts). */
  translateMessage?: Translate;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * The one form: checks the values with the schema, sends them with the submit button busy (a second submit meanwhile
 * does nothing), shows what failed under its fields or above the form, and puts focus on the first thing to fix.
 */
export function Form<V extends FieldValues>({
  form,
  onSubmit,
  translateMessage = translateViolation,
  ref: outer,
  children,
  ...rest
}: FormProps<V>) {
  const ref = useRef<HTMLFormElement | null>(null);
  const setRef = (element: HTMLFormElement | null) => {
    ref.current = element;
    if (typeof outer === 'function') outer(element);
    else if (outer) outer.current = element;
  };
  const { focusTick, focusFirstError, preload } = form;
  useEffect(() => {
    if (focusTick) ref.current?.querySelector<HTMLElement>(FOCUSABLE_ERROR)?.focus();
  }, [focusTick]);
  const send = async (values: V) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerViolations(form, error);
    }
  };
  return (
    <FormProvider {...form}>
      <ShownContext.Provider value={form.shown}>
        <TranslateContext.Provider value={translateMessage}>
          <form
            ref={setRef}
            noValidate
            // Sent by the browser itself (before the page is hydrated, or without JavaScript), a form never puts its
            // fields, a password among them, in an address.
            method="post"
            {...rest}
            onFocus={preload}
            onSubmit={(e) => {
              e.preventDefault();
              if (form.formState.isSubmitting) return;
              void form.handleSubmit(send, focusFirstError)(e);
            }}
          >
            {children}
          </form>
        </TranslateContext.Provider>
      </ShownContext.Provider>
    </FormProvider>
  );
}

/** The translated error of a field (or of the whole form, `root`), if any. */
export function useFieldError(name: string): string | undefined {
  const intl = useIntl();
  const translate = useContext(TranslateContext);
  const { errors } = useFormState({ name: name as never });
  const shown = useContext(ShownContext);
  // On the page, this field shows its errors; gone, they are the form's to say.
  useEffect(() => {
    if (!shown || name === 'root') return;
    shown.add(name);
    return () => void shown.delete(name);
  }, [shown, name]);
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return message ? readFormMessage(intl, message, translate) : undefined;
}

/** The errors of the whole form, where the form puts them (above its fields, mostly). */
export function FormError() {
  return <FormErrors message={useFieldError('root') ?? null} />;
}

export { FormActions, SubmitButton } from './form-actions';

export type Named = { name: string };
/** `error` is shown when the field has none of its own (the list of choices did not load). */
type Registered<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & Named;

/**
 * register()'s props with the value the field starts from. react-hook-form puts that value into the element only once
 * in the browser: without it the server's page shows the fields empty, and the app then fills them under the user's keys.
 * What was typed into the server's field before hydration stays: registering an element whose value is no longer its
 * `defaultValue` before the form is ready, react-hook-form takes the element's value (e2e first-load.spec.ts).
 */
function useRegistered(name: string, error?: string | null) {
  const { register, getValues } = useFormContext();
  return { ...register(name), defaultValue: getValues(name) as string | undefined, error: useFieldError(name) ?? error };
}

/** A checkbox of the form (no `value`), or a radio button standing for `value`, checked as the form starts. */
export function FormCheckInput({ name, value, ...props }: Registered<InputHTMLAttributes<HTMLInputElement>> & { value?: string }) {
  const { register, getValues } = useFormContext();
  const now: unknown = getValues(name);
  const checked = value === undefined ? Boolean(now) : now === value;
  return <input {...props} type={value === undefined ? 'checkbox' : 'radio'} value={value} {...register(name)} defaultChecked={checked} />;
}

export const FormTextField = ({ name, error, ...props }: Registered<FieldProps & InputHTMLAttributes<HTMLInputElement>>) => (
  <TextField {...props} {...useRegistered(name, error)} />
);
export const FormTextAreaField = ({ name, error, ...props }: Registered<FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>) => (
  <TextAreaField {...props} {...useRegistered(name, error)} />
);
export const FormSelectField = ({ name, error, ...props }: Registered<FieldProps & SelectHTMLAttributes<HTMLSelectElement>>) => (
  <SelectField {...props} {...useRegistered(name, error)} />
);

/** A field of any other control (a picker, a date, a checkbox): its value, its change and its translated error. */
export function FormField({
  name,
  deps,
  render,
}: Named & { deps?: string[]; render: (field: ControllerRenderProps, error: string | undefined) => ReactNode }) {
  // `deps`: the fields checked again with this one (moving the start can put the end before it).
  const { field } = useController({ name, rules: deps ? { deps } : undefined });
  return <>{render(field, useFieldError(name))}</>;
}

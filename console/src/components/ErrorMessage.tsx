// role="alert" so screen readers announce failures the moment they appear.
export function ErrorMessage({ error }: { error: string | null | undefined }) {
  return error ? <p className="error" role="alert">{error}</p> : null;
}

/** A form's or a page's error sentence, announced as it appears (role alert); nothing when there is none. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="error" role="alert">
      {message}
    </p>
  );
}

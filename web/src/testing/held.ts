import { jsonResponse as json } from './render';

/**
 * The shop's answer to a form's write, held until the test lets it go (so the test sees the form while it is on its
 * way), then a refusal of the fields named as the shop words one: 400, "Please check the highlighted fields.", and a
 * message per field.
 */
export function heldRefusal(fields: Record<string, string>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = async () => {
    await held;
    return json(400, { error: { code: 'validation_failed', message: 'Please check the highlighted fields.', fields } });
  };
  return { answer, release };
}

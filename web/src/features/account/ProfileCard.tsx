import { formatPhone } from '#shared/format';
import type { ShippingProfile } from '#shared/schemas/address';
import type { Editable } from './editableProfiles';
import { fieldLayout, input } from '../../components/form/field';
import { AddressLines, FormStatus, NameEmailFields, SendButton } from '../../components/form/parts';

/** One saved profile: its address with Edit and DELETE (held while another is edited or a write is on its way). */
export function ProfileView({
  profile,
  locked,
  busy,
  edit,
  remove,
}: {
  profile: Editable;
  /** Another profile is being edited. */
  locked: boolean;
  busy: boolean;
  edit: () => void;
  remove: () => void;
}) {
  return (
    <div className="profile-view">
      <address>
        <strong>{profile.name}</strong>
        <br />
        {profile.address}, {profile.city}, {profile.state} {profile.zip}
        <br />
        {profile.email} · {formatPhone(profile.phone)}
      </address>
      <div className="actions">
        <button type="button" className="secondary small" disabled={locked} onClick={edit}>
          Edit
        </button>
        {/* One thing at a time: no deletion while a profile is being edited or a write is on its way. */}
        <button type="button" className="secondary small danger" disabled={locked || busy} onClick={remove}>
          DELETE
        </button>
      </div>
    </div>
  );
}

/**
 * A profile open for editing, built of the forms' parts (components/form): its fields with the message of a refused
 * save beside each (`fields`) and its sentence under them (`problem`), Save (held while a write is on its way) and
 * Cancel. The fields are not `required` for the browser: Save's check is the shop's, in the spec's words.
 */
export function ProfileForm({
  profile,
  number,
  busy,
  saving,
  problem,
  fields,
  type,
  save,
  cancel,
}: {
  profile: Editable;
  /** Its place in the list, from 1 (the form's name). */
  number: number;
  busy: boolean;
  saving: boolean;
  problem: string;
  fields: Record<string, string>;
  type: (key: keyof ShippingProfile, value: string) => void;
  save: () => void;
  cancel: () => void;
}) {
  const field = fieldLayout<keyof ShippingProfile>(`profile-${number}`, fields);
  const set = (key: keyof ShippingProfile) => (event: { target: { value: string } }) => type(key, event.target.value);
  return (
    <form
      className="profile-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) save();
      }}
      aria-label={`Shipping profile ${number}`}
      noValidate
    >
      <NameEmailFields field={field} values={profile} set={set} required={false} emailMax={200} />
      {field(
        'phone',
        'Phone',
        input({
          type: 'tel',
          name: 'phone',
          autoComplete: 'tel',
          maxLength: 200,
          value: profile.phone,
          onChange: set('phone'),
        }),
      )}
      <AddressLines street="address" field={field} values={profile} set={set} required={false} />
      <FormStatus answer={problem ? { ok: false, message: problem } : undefined} />
      <div className="actions">
        <SendButton sending={saving} disabled={busy} label="Save" sendingLabel="Saving…" />
        <button type="button" className="secondary" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

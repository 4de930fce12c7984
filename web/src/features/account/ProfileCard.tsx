import { formatPhone } from '#shared/format';
import type { ShippingProfile } from '#shared/schemas/address';
import type { Editable } from './editableProfiles';
import { PROFILE_FIELDS as FIELDS } from './profileProblem';

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

/** A profile open for editing: its fields, Save (held while a write is on its way) and Cancel. */
export function ProfileForm({
  profile,
  number,
  busy,
  saving,
  type,
  save,
  cancel,
}: {
  profile: Editable;
  /** Its place in the list, from 1 (the form's name). */
  number: number;
  busy: boolean;
  saving: boolean;
  type: (key: keyof ShippingProfile, value: string) => void;
  save: () => void;
  cancel: () => void;
}) {
  return (
    <form
      className="profile-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      aria-label={`Shipping profile ${number}`}
    >
      {FIELDS.map((field) => (
        <label key={field.key}>
          {field.label}
          <input
            type={field.type ?? 'text'}
            name={field.key}
            maxLength={200}
            value={profile[field.key]}
            onChange={(e) => type(field.key, e.target.value)}
          />
        </label>
      ))}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="secondary" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

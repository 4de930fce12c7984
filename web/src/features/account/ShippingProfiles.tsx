import { useState } from 'react';
import { MESSAGES, PROFILE_MESSAGES } from '#shared/messages';
import type { ShippingProfile } from '#shared/schemas/address';
import type { AccountAnswer, AccountWrite } from './accountData';
import {
  profilesToSave,
  unescapeProfile,
  withCancelled,
  withEditing,
  withNewProfile,
  withTyped,
  type Editable,
} from './editableProfiles';
import { ProfileForm, ProfileView } from './ProfileCard';

/** The messages of a refused save for profile `index` (`profiles.<index>.zip`), by its field (`zip`). */
const fieldsOf = (fields: Record<string, string> = {}, index: number) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([key, text]) =>
      key.startsWith(`profiles.${index}.`) ? [[key.slice(`profiles.${index}.`.length), text]] : [],
    ),
  );

/**
 * The account's shipping profiles: add, edit (one at a time), save (all at once, as the spec posts them) and delete
 * (after a question), each write posted to the route (`post`), its pending state the router's (`pending`); a refused
 * save says why in the profile's form, each field's message beside it (docs/decisions/0158).
 */
export function ShippingProfiles({
  read,
  answer,
  pending,
  post,
}: {
  /** The profiles as the route's loader last read them. */
  read: ShippingProfile[];
  /** What the route's action answered last. */
  answer: AccountAnswer | undefined;
  /** The write on its way, if any. */
  pending: AccountWrite | undefined;
  post: (write: AccountWrite) => void;
}) {
  const [profiles, setProfiles] = useState<Editable[]>(() => read.map(unescapeProfile));
  // The profiles as last read: when the route reads them again (after a write), the list shows what the server now
  // holds, unless a profile is being edited and the write was not its save (a rating keeps the typing).
  const [shown, setShown] = useState(read);
  if (shown !== read) {
    setShown(read);
    if (!profiles.some((profile) => profile.editing) || answer?.intent === 'save-profiles')
      setProfiles(read.map(unescapeProfile));
  }
  const editing = profiles.findIndex((profile) => profile.editing);
  const busy = pending?.intent === 'save-profiles' || pending?.intent === 'delete-profile';
  // A refused save (the shared schema's or the server's words) shows in the profile being edited, its messages beside
  // its fields, until it is sent again or the shopper turns to another profile.
  const [dismissed, setDismissed] = useState<AccountAnswer>();
  const refused = answer?.intent === 'save-profiles' && answer.problem && answer !== dismissed && !busy ? answer : null;
  const dismiss = (next: Editable[]) => {
    setDismissed(answer);
    setProfiles(next);
  };

  function save() {
    post({ intent: 'save-profiles', profiles: profilesToSave(profiles) });
  }

  function remove(index: number) {
    if (profiles[index].isNew) return setProfiles(withCancelled(profiles, index));
    // Deleting cannot be undone: the shopper confirms it first (as the spec's stock-item delete does).
    if (!window.confirm(PROFILE_MESSAGES.confirmDelete(profiles[index].name))) return;
    post({ intent: 'delete-profile', index });
  }

  return (
    <section className="card" aria-labelledby="profiles-heading">
      <div className="section-head">
        <h2 id="profiles-heading">Shipping Profiles</h2>
        <button
          type="button"
          className="small"
          disabled={editing >= 0}
          onClick={() => dismiss(withNewProfile(profiles))}
        >
          ADD+
        </button>
      </div>
      {profiles.length === 0 && <p className="muted">{MESSAGES.noShippingProfiles}</p>}
      <ul className="profiles">
        {profiles.map((profile, index) => (
          <li key={index} className="profile">
            {profile.editing ? (
              <ProfileForm
                profile={profile}
                number={index + 1}
                busy={busy}
                saving={pending?.intent === 'save-profiles'}
                problem={refused?.problem ?? ''}
                fields={refused ? fieldsOf(refused.fields, index) : {}}
                type={(key, value) => setProfiles(withTyped(profiles, index, key, value))}
                save={save}
                cancel={() => dismiss(withCancelled(profiles, index))}
              />
            ) : (
              <ProfileView
                profile={profile}
                locked={editing >= 0}
                busy={busy}
                edit={() => dismiss(withEditing(profiles, index))}
                remove={() => remove(index)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

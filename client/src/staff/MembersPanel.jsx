// Staff members, for administrators: each one's role (a role includes the ones before it) and a
// way to disable them (their sessions end at once). Each change is recorded in the audit trail.
import { useCallback, useEffect, useState } from "react";
import * as api from "./api.js";
import { formatTime } from "./format.js";

const ROLES = ["reader", "exporter", "administrator"];

export function MembersPanel({ onSignedOut }) {
  const [members, setMembers] = useState(null);
  const [notice, setNotice] = useState("");

  const failed = useCallback(
    (failure) => (failure.status === 401 ? onSignedOut(failure.message) : setNotice(failure.message)),
    [onSignedOut],
  );
  useEffect(() => {
    api.staffMembers().then((page) => setMembers(page.items), failed);
  }, [failed]);

  const change = async (member, body, done) => {
    try {
      const updated = await api.updateMember(member.id, body);
      setMembers((list) => list.map((m) => (m.id === updated.id ? updated : m)));
      setNotice(done);
    } catch (failure) {
      failed(failure);
    }
  };

  return (
    <section className="staff-panel" aria-labelledby="members-title">
      <h2 id="members-title">Staff members</h2>
      <p className="staff-notice" role="status" aria-live="polite">
        {notice}
      </p>
      {members && (
        <table className="staff-table">
          <caption>{members.length} staff members</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <span className="staff-visually-hidden">Disable</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} onChange={change} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MemberRow({ member, onChange }) {
  const role = member.roles.at(-1) || "";
  return (
    <tr>
      <th scope="row" data-label="E-mail">
        {member.email}
        {member.name ? <span className="staff-muted"> ({member.name})</span> : null}
      </th>
      <td data-label="Role">
        <select
          aria-label={`Role of ${member.email}`}
          value={role}
          disabled={member.disabled}
          onChange={(event) =>
            onChange(member, { roles: [event.target.value] }, `${member.email} is now ${event.target.value}.`)
          }
        >
          {!role && <option value="">(none)</option>}
          {ROLES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Last sign-in">
        {member.last_sign_in_at ? formatTime(member.last_sign_in_at) : "never"}
      </td>
      <td className="staff-actions">
        {member.disabled ? (
          <span className="staff-muted">Disabled</span>
        ) : (
          <button
            type="button"
            className="staff-button staff-button-quiet"
            aria-label={`Disable ${member.email}`}
            onClick={() => onChange(member, { disabled: true }, `${member.email} is disabled.`)}
          >
            Disable
          </button>
        )}
      </td>
    </tr>
  );
}

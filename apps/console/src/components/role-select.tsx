import { ASSIGNABLE_ROLES, roleAllows, roleLabel, type AssignableRole } from '../lib/roles.js';

/**
 * The role an invitation or a key gives, with its label; the hint below the form
 * (`AssignableRoleHint`, same `id`) says what the role allows.
 */
export function AssignableRoleSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
}) {
  return (
    <>
      <label htmlFor={id}>Role</label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as AssignableRole)}
      >
        {ASSIGNABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
    </>
  );
}

export function AssignableRoleHint({ id, role }: { id: string; role: AssignableRole }) {
  return (
    <p id={`${id}-hint`} className="hint">
      {roleLabel(role)}: {roleAllows(role)}.
    </p>
  );
}

import { ROLES, type Role } from '../../../../common/constants';

const LABELS: Record<Role, string> = {
  user: 'Users',
  vip: 'VIP members',
  manager: 'Managers',
  admin: 'Admins',
};

/**
 * Settings → Security: the roles that must have two-factor authentication. Their people set it up
 * at their next request (sign-in included) before anything else works; none is chosen by default.
 */
export function SecondFactorRoles({ value, onChange }: { value: Role[]; onChange: (roles: Role[]) => void }) {
  const toggle = (role: Role, on: boolean) =>
    onChange(ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    // A group, not a fieldset: a fieldset's legend would sit in the section's top border.
    <div
      role="group"
      aria-labelledby="second-factor-roles-title"
      aria-describedby="second-factor-roles-effect"
      className="space-y-2 border-t border-border pt-4"
    >
      <p className="text-sm font-medium" id="second-factor-roles-title">
        Two-factor authentication required for
      </p>
      <p className="text-xs text-muted-foreground" id="second-factor-roles-effect">
        People of these roles without an authenticator app must set one up before they can do anything else;
        their API keys work again once they have. Admins can reset a person’s two-factor from the Users tab.
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`secondFactorRole-${role}`}
              className="size-4 accent-primary"
              checked={value.includes(role)}
              onChange={(event) => toggle(role, event.target.checked)}
            />
            {LABELS[role]}
          </label>
        ))}
      </div>
    </div>
  );
}

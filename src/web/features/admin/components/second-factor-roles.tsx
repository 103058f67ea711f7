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
    // The line above is the wrapper's: a fieldset's own border would run through its legend.
    <div className="border-t border-border pt-4">
      <fieldset className="space-y-2" aria-describedby="second-factor-roles-effect">
        <legend className="text-sm font-medium">Two-factor authentication required for</legend>
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
      </fieldset>
    </div>
  );
}

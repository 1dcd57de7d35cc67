/** The `<option>`s of a role picker: active roles only, valued by their ref (`roles/<id>`). */
export function RoleOptions({ roles }: { roles: ReadonlyArray<{ id: string; name: string; status: string }> }) {
  return (
    <>
      {roles
        .filter((r) => r.status === 'active')
        .map((r) => (
          <option key={r.id} value={`roles/${r.id}`}>
            {r.name}
          </option>
        ))}
    </>
  );
}

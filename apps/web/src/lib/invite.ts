/** An invitation link may carry the code as ?invite= or ?code=; it is kept when moving between sign-up screens. */
export function inviteFrom(params: Partial<Record<'invite' | 'code', string>>): string | undefined {
  const value = (params.invite ?? params.code ?? '').trim();
  return /^[A-Za-z0-9]{4,12}$/.test(value) ? value.toUpperCase() : undefined;
}

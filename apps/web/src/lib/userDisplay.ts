import { AccountType, ReviewStatus, type UserInfo } from '@beurs/contracts';

/** The name to greet a user with: first name, the company's name, or the user ID. */
export function displayName(user: UserInfo): string {
  if (user.accountType === AccountType.Company && user.company?.companyName) return user.company.companyName;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.userId;
}

export function initials(user: UserInfo): string {
  const name = displayName(user);
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

export type Tone = 'neutral' | 'gold' | 'rise' | 'fall' | 'warn';

/** Identity verification status with the colour it is shown in (SPEC §4). */
export function kycStatusOf(status: number): { key: 'none' | 'pending' | 'failed' | 'approved'; tone: Tone } {
  switch (status) {
    case ReviewStatus.Pending:
      return { key: 'pending', tone: 'warn' };
    case ReviewStatus.Failed:
      return { key: 'failed', tone: 'fall' };
    case ReviewStatus.Approved:
      return { key: 'approved', tone: 'rise' };
    default:
      return { key: 'none', tone: 'neutral' };
  }
}

export function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

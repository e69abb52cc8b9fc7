import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { USER_ROLE, type UserRole } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../test/render';
import { userOf } from '../../test/fixtures';
import { ManagementMenu, managementMenuKey } from './management-menu';

describe('managementMenuKey', () => {
  it('selects the section of the path, trailing slash or not', () => {
    expect(managementMenuKey('/management/')).toBe('/management/');
    expect(managementMenuKey('/management')).toBe('/management/');
    expect(managementMenuKey('/management/course')).toBe('/management/course');
    expect(managementMenuKey('/management/course/audit/')).toBe('/management/course/audit');
    expect(managementMenuKey('/management/plan')).toBe('/management/plan');
  });
});

const fetchMock = vi.fn<typeof fetch>();
const userWithRole = (role: UserRole) => userOf({ id: 7, userNo: 'U7', user_name: 'uma', name: 'Uma', role, org: { id: 1, name: 'Demo' } });

async function menuLabels(role: UserRole): Promise<string[]> {
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/user' ? jsonResponse(200, userWithRole(role)) : jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: 'none' }),
  );
  renderWithApp(<ManagementMenu />, { route: '/management/course' });
  await screen.findByRole('link', { name: 'Course management' });
  return screen.getAllByRole('link').map((link) => link.textContent ?? '');
}

describe('ManagementMenu: only the sections the server lets the person open (issue 20 §13)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('shows instructors the course list, audit and learning progress, not the admins’ overview, plan, meeting overview or organisation settings (403 to them)', async () => {
    expect(await menuLabels(USER_ROLE.instructor)).toEqual(['Course management', 'Course audit', 'Learning progress', 'Teaching statistics']);
  });

  it('shows organisation admins every section', async () => {
    const all = [
      'Overview',
      'Course management',
      'Course audit',
      'Learning progress',
      'Teaching statistics',
      'Plan',
      'Meeting overview',
      'Organization settings',
      'Library and storage',
    ];
    expect(await menuLabels(USER_ROLE.admin)).toEqual(all);
  });

  it('shows wg admins every section too (the server counts them as organisation admins)', async () => {
    expect(await menuLabels(USER_ROLE.wgAdmin)).toHaveLength(9);
  });
});

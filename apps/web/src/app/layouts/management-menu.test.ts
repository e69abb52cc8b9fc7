import { describe, expect, it } from 'vitest';
import { managementMenuKey } from './management-menu';

describe('managementMenuKey', () => {
  it('selects the section of the path, trailing slash or not', () => {
    expect(managementMenuKey('/management/')).toBe('/management/');
    expect(managementMenuKey('/management')).toBe('/management/');
    expect(managementMenuKey('/management/course')).toBe('/management/course');
    expect(managementMenuKey('/management/course/audit/')).toBe('/management/course/audit');
    expect(managementMenuKey('/management/plan')).toBe('/management/plan');
  });
});

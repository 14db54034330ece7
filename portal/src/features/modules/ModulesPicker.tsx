import type { NamedRef } from '@tessera/sdk';
import { TagPicker } from '../../ui/TagPicker';
import { useOrganization } from '../organization/organizationContext';
import { moduleOption, searchModules } from './moduleOptions';

interface ModulesPickerProps {
  value: string[];
  onChange(value: string[]): void;
  /** The record's modules when the screen opened. */
  known?: NamedRef[];
  errors?: string[];
}

/** Tagging the organization's modules (a member's, a group's, a media file's). */
export function ModulesPicker({ value, onChange, known = [], errors }: ModulesPickerProps) {
  const { organization } = useOrganization();
  return (
    <TagPicker
      label="Modules"
      placeholder="Search modules"
      value={value}
      onChange={onChange}
      known={known.map(moduleOption)}
      search={searchModules(organization.id)}
      errors={errors}
    />
  );
}

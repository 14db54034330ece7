import type { Module } from '@tessera/sdk';
import type { FieldErrors } from '@tessera/sdk/rules';
import { Button } from '@tessera/widgets/ui';
import { useState } from 'react';
import { Row, Stack, Text } from '../../ui/Page';
import { TagPicker, type TagOption, type TagSearch } from '../../ui/TagPicker';
import { searchGroups } from '../groups/groupCalls';
import { memberOption, searchMembers } from '../members/memberCalls';
import { searchMedia } from './contentCalls';

type Relations = { media: string[]; groups: string[]; tenant_users: string[] };

export interface ModuleRelationsProps {
  tenantId: string;
  values: Relations;
  errors: FieldErrors;
  setValue(field: keyof Relations, ids: string[]): void;
  /** Spec 6: only owners and masters relate groups and members to a module. */
  canRelatePeople: boolean;
  /** The module being edited: names of what it is related to already. */
  module?: Module;
  /** Edit screens tag groups and members behind Add Groups / Done Selecting (spec 2.9). */
  collapsible?: boolean;
}

interface TaggingProps {
  label: string;
  placeholder: string;
  value: string[];
  onChange(ids: string[]): void;
  known: TagOption[];
  search: TagSearch;
  errors?: string[];
  collapsible: boolean;
}

/** A tag picker; on edit screens it opens with "Add {label}" and closes with Done Selecting, showing the count. */
function Tagging({ label, collapsible, ...picker }: TaggingProps) {
  const [isOpen, setOpen] = useState(!collapsible);
  if (!collapsible) return <TagPicker label={label} {...picker} />;
  return (
    <Stack>
      <Row>
        <Text>
          {label}: {picker.value.length} tagged
        </Text>
        <Button variant="secondary" onPress={() => setOpen(!isOpen)}>
          {isOpen ? 'Done Selecting' : `Add ${label}`}
        </Button>
      </Row>
      {isOpen ? <TagPicker label={label} {...picker} /> : null}
    </Stack>
  );
}

/** Related media, and for owners and masters related groups and members, of a module (spec 2.9). */
export function ModuleRelations({ tenantId, values, errors, setValue, canRelatePeople, module, collapsible = false }: ModuleRelationsProps) {
  return (
    <>
      <Tagging
        label="Media"
        placeholder="Search media"
        value={values.media}
        onChange={(ids) => setValue('media', ids)}
        known={(module?.media ?? []).map((media) => ({ id: media.id, label: media.name }))}
        search={searchMedia(tenantId)}
        errors={errors.media}
        collapsible={collapsible}
      />
      {canRelatePeople ? (
        <>
          <Tagging
            label="Groups"
            placeholder="Search groups"
            value={values.groups}
            onChange={(ids) => setValue('groups', ids)}
            known={(module?.groups ?? []).map((group) => ({ id: group.id, label: group.name }))}
            search={searchGroups(tenantId)}
            errors={errors.groups}
            collapsible={collapsible}
          />
          <Tagging
            label="Members"
            placeholder="Search members"
            value={values.tenant_users}
            onChange={(ids) => setValue('tenant_users', ids)}
            known={(module?.members ?? []).map(memberOption)}
            search={searchMembers(tenantId)}
            errors={errors.tenant_users}
            collapsible={collapsible}
          />
        </>
      ) : null}
    </>
  );
}

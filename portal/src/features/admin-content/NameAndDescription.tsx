import { TextField } from '@tessera/widgets/ui';
import type { FieldBinding } from '../../forms/useForm';
import { TextAreaField } from '../../ui/TextAreaField';

/** The Name and Description every module, component and topic form starts with (spec 2.9, both required). */
export function NameAndDescription({ bind }: { bind(field: 'name' | 'description'): FieldBinding }) {
  return (
    <>
      <TextField label="Name" isRequired {...bind('name')} />
      <TextAreaField label="Description" isRequired {...bind('description')} />
    </>
  );
}

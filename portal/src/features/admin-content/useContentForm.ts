import { forms } from '@tessera/sdk/rules';
import { useState } from 'react';
import type { ApiOutcome } from '../../api/outcome';
import type { FormValues } from '../../forms/formState';
import { useForm } from '../../forms/useForm';
import type { ImageFields, ImageUpload } from './imageChoice';
import { NO_CHOICE_STATE, type ImageChoiceState } from './ImageChooser';

export interface UseContentFormOptions<V extends FormValues & ImageFields, T> {
  initialValues: V;
  /** Sends the values with the picked file when the image source is an upload. */
  submit(values: V, upload: ImageUpload | null): Promise<ApiOutcome<T>>;
  valuesAfterSuccess?(data: T): V;
  onSuccess?(data: T): void;
}

/**
 * A module or component form (spec 2.9 and 5): the SDK's screen rules (name, description and the image choice),
 * the picked file beside the values, and no sending while the file's client-side checks fail.
 */
export function useContentForm<V extends FormValues & ImageFields, T>({ initialValues, submit, valuesAfterSuccess, onSuccess }: UseContentFormOptions<V, T>) {
  const [image, setImage] = useState<ImageChoiceState>(NO_CHOICE_STATE);
  const form = useForm({
    initialValues,
    rules: forms.contentScreen,
    submit: (values: V) => submit(values, values.image_source === 'upload' ? image.upload : null),
    valuesAfterSuccess,
    onSuccess: (data: T) => {
      setImage(NO_CHOICE_STATE);
      onSuccess?.(data);
    },
  });
  const chooser = {
    values: form.values,
    errors: form.errors,
    setValue: (field: keyof ImageFields, value: string) => form.setValue(field, value as V[keyof ImageFields]),
    state: image,
    onState: setImage,
  };
  // Spec 4: submitting is disabled while an image upload has an error.
  const actions = { ...form, hasErrors: form.hasErrors || image.problems.length > 0 };
  return { form, chooser, actions };
}

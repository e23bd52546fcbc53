import {
  type CodeListItem,
  type CodeListName,
  codeListItemSaveSchema,
  MAX_SORT,
} from '@klinikita/domain/code-lists/code-list.schema';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSaveCodeListItem } from '../api/code-lists-api.ts';

/** Where a refusal without a field of its own is shown: above the buttons. */
const FORM_ERROR = '_form';

interface ItemFormValues {
  code: string;
  nameId: string;
  nameEn: string;
  sort: number | string;
}

const EMPTY: ItemFormValues = { code: '', nameId: '', nameEn: '', sort: '' };

/** Add an entry to `list` (item null) or change one; the input stays when the server refuses it. */
export function CodeListItemModal({
  list,
  item,
  onClose,
}: {
  list: CodeListName;
  item: CodeListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ItemFormValues>(() =>
    item ? { code: item.code, nameId: item.nameId, nameEn: item.nameEn, sort: item.sort } : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveCodeListItem();

  useEffect(() => {
    if (Object.keys(errors).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors]);

  // editing a field clears its message: what is left marked still needs fixing
  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: keyof ItemFormValues) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = codeListItemSaveSchema.safeParse({
      ...values,
      sort: values.sort === '' ? null : Number(values.sort),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { list, uid: item?.uid ?? null, input: parsed.data },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || isUnexpectedError(error)) {
            void reportUnexpectedError(error);
            return;
          }
          setErrors(
            error.errors.length
              ? toFieldErrors(error.errors)
              : { [error.status === 409 ? 'code' : FORM_ERROR]: error.message },
          );
        },
      },
    );
  }

  const listName = t(`codeLists.lists.${list}`);
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        item ? t('codeLists.editTitle', { list: listName }) : t('codeLists.addTitle', { list: listName })
      }
      size="lg"
      closeOnClickOutside={false}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('codeLists.code')}
              placeholder={t('codeLists.codePlaceholder')}
              description={t('codeLists.codeHint')}
              required
              data-autofocus
              maxLength={20}
              value={values.code}
              onChange={(e) => set('code', e.currentTarget.value)}
              error={errorOf('code')}
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <NumberInput
              label={t('codeLists.sort')}
              description={t('codeLists.sortHint')}
              min={0}
              max={MAX_SORT}
              allowDecimal={false}
              allowNegative={false}
              value={values.sort}
              onChange={(v) => set('sort', v)}
              error={errorOf('sort')}
            />
            <TextInput
              label={t('codeLists.nameId')}
              placeholder={t('codeLists.nameIdPlaceholder')}
              required
              maxLength={200}
              value={values.nameId}
              onChange={(e) => set('nameId', e.currentTarget.value)}
              error={errorOf('nameId')}
            />
            <TextInput
              label={t('codeLists.nameEn')}
              placeholder={t('codeLists.nameEnPlaceholder')}
              required
              maxLength={200}
              value={values.nameEn}
              onChange={(e) => set('nameEn', e.currentTarget.value)}
              error={errorOf('nameEn')}
            />
          </SimpleGrid>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('codeLists.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('codeLists.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import {
  REGION_FIELDS,
  REGION_LEVELS,
  type Region,
  type RegionLevel,
} from '@klinikita/domain/regions/region.schema';
import { Loader, Select, SimpleGrid } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChildRegions, useProvinces } from '../api/regions.ts';
import { chooseRegion, type RegionField, type RegionValue } from './region-value.ts';

interface RegionSelectsProps {
  value: RegionValue;
  onChange: (next: RegionValue) => void;
  /** Messages by field (e.g. from the server's consistency check). */
  errors?: Partial<Record<RegionField, ReactNode>>;
}

/**
 * Province › regency/city › district › village, each searchable from the keyboard and waiting
 * for the level above; changing a level clears the ones below it.
 */
export function RegionSelects({ value, onChange, errors = {} }: RegionSelectsProps) {
  const lists: Record<RegionLevel, UseQueryResult<Region[]>> = {
    province: useProvinces(),
    regency: useChildRegions('regency', value.provinceCode),
    district: useChildRegions('district', value.cityCode),
    village: useChildRegions('village', value.districtCode),
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      {REGION_LEVELS.map((level, index) => {
        const parent = index > 0 ? REGION_LEVELS[index - 1] : null;
        return (
          <RegionSelect
            key={level}
            level={level}
            parent={parent}
            parentChosen={parent === null || value[REGION_FIELDS[parent]] !== ''}
            code={value[REGION_FIELDS[level]]}
            list={lists[level]}
            error={errors[REGION_FIELDS[level]]}
            onChoose={(code) => onChange(chooseRegion(value, level, code))}
          />
        );
      })}
    </SimpleGrid>
  );
}

function RegionSelect({
  level,
  parent,
  parentChosen,
  code,
  list,
  error,
  onChoose,
}: {
  level: RegionLevel;
  parent: RegionLevel | null;
  parentChosen: boolean;
  code: string;
  list: UseQueryResult<Region[]>;
  error: ReactNode;
  onChoose: (code: string) => void;
}) {
  const { t } = useTranslation();
  const label = t(`regions.web.${level}`);
  const options = (list.data ?? []).map((r) => ({ value: r.code, label: r.name }));
  // a code saved before the region data changed is no longer in its list
  const stale = code !== '' && list.isSuccess && !options.some((o) => o.value === code);
  const problem =
    error ??
    (list.isError ? t('regions.web.loadFailed') : undefined) ??
    (stale ? t('regions.web.storedUnknown', { code }) : undefined);
  return (
    <Select
      label={label}
      placeholder={
        parentChosen
          ? t('regions.web.choose', { level: label })
          : t('regions.web.chooseParentFirst', { parent: t(`regions.web.${parent}`) })
      }
      data={options}
      value={code === '' || stale ? null : code}
      // long names ('Kota Administrasi Jakarta Pusat') are cut on a tablet: the whole name on hover
      title={options.find((o) => o.value === code)?.label}
      onChange={(next) => onChoose(next ?? '')}
      disabled={!parentChosen}
      searchable
      clearable
      // picking the chosen area again keeps it (and the levels below); the clear button empties it
      allowDeselect={false}
      // typed before the list arrived: the first match is highlighted once it is there
      selectFirstOptionOnChange={!list.isFetching}
      onKeyDown={(event) => {
        // Enter picks the highlighted area; with none highlighted it must not save the whole form
        if (event.key === 'Enter') event.preventDefault();
      }}
      nothingFoundMessage={list.isFetching ? t('regions.web.loading') : t('regions.web.nothingFound')}
      rightSection={list.isFetching ? <Loader size={14} aria-label={t('regions.web.loading')} /> : undefined}
      onDropdownOpen={() => {
        if (list.isError) void list.refetch();
      }}
      error={problem}
    />
  );
}

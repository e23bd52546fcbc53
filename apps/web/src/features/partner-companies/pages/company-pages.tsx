import { formatRupiah } from '@klinikita/domain/common/format';
import { Anchor, Badge, Modal, SegmentedControl, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type CompanySummary, useCompanies } from '../api/partner-companies-api.ts';
import { CompanyDetail } from '../components/company-detail.tsx';
import { CompanyForm } from '../components/company-form.tsx';
import { formatNpwp } from '../components/company-format.ts';

type Active = 'all' | 'true' | 'false';

/**
 * The company list: searched, by active, paged; a company's name opens its detail (`?uid=`).
 * `/Registration/perusahaanRekanan` keeps the companies (add, change, prices, employees);
 * `/Registration/daftarPerusahaan` lists them with their employee count and terms, read only.
 */
function CompaniesScreen({ mode }: { mode: 'manage' | 'list' }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) =>
    t(`partnerCompanies.screen.${key}`, params);
  const permissions = usePermissions();
  const manage = mode === 'manage' && permissions.has('company.manage');
  const [params, setParams] = useSearchParams();
  const open = params.get('uid');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [active, setActive] = useState<Active>(mode === 'list' ? 'true' : 'all');
  const [page, setPage] = useFilterPage(JSON.stringify([search, active]));
  const [adding, setAdding] = useState(false);
  const query = useCompanies({
    search: search || undefined,
    active: active === 'all' ? undefined : active,
    page,
    limit: 20,
  });
  const show = (uid: string | null) => setParams(uid ? { uid } : {});

  if (open) return <CompanyDetail uid={open} manage={manage} onBack={() => show(null)} />;

  const columns: ListColumn<CompanySummary>[] = [
    {
      key: 'name',
      header: s('colName'),
      cell: (c) => (
        <>
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => show(c.uid)}>
            {c.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {[c.code, c.legalName, c.city].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'npwp',
      header: s('colNpwp'),
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (c) => formatNpwp(c.npwp),
    },
    {
      key: 'contact',
      header: s('colContact'),
      cell: (c) => [c.picName, c.phone].filter(Boolean).join(' · ') || '–',
    },
    { key: 'employees', header: s('colEmployees'), td: { ta: 'right' }, cell: (c) => c.employeeCount },
    {
      key: 'terms',
      header: s('colTerms'),
      cell: (c) => (
        <>
          <Text size="sm">{s('termsText', { days: c.paymentTermDays, day: c.cutoffDay })}</Text>
          <Text size="xs" c="dimmed">
            {c.creditLimit === null ? s('noLimit') : s('limitText', { amount: formatRupiah(c.creditLimit) })}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: s('colStatus'),
      td: { miw: 100 },
      cell: (c) => (
        <Badge color={c.active ? 'teal' : 'gray'} variant="light">
          {c.active ? s('active') : s('inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <ListPage
      title={s(mode === 'manage' ? 'titleManage' : 'titleList')}
      subtitle={s(mode === 'manage' ? 'subtitleManage' : 'subtitleList')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: s('searchPlaceholder'),
        label: s('search'),
        basis: '260px',
      }}
      filters={
        <SegmentedControl
          aria-label={s('status')}
          value={active}
          onChange={(v) => setActive(v as Active)}
          data={[
            { value: 'all', label: s('all') },
            { value: 'true', label: s('active') },
            { value: 'false', label: s('inactive') },
          ]}
        />
      }
      add={manage ? { label: s('add'), onClick: () => setAdding(true) } : null}
      table={{ label: s(mode === 'manage' ? 'titleManage' : 'titleList'), minWidth: 980 }}
      columns={columns}
      rowKey={(c) => c.uid}
      query={query}
      filtered={Boolean(search) || active !== (mode === 'list' ? 'true' : 'all')}
      emptyLabel={s('empty')}
      onClearFilters={() => {
        setSearchText('');
        setActive('all');
      }}
      onPage={setPage}
    >
      {adding && (
        <Modal
          opened
          onClose={() => setAdding(false)}
          title={s('newCompany')}
          size="lg"
          closeOnClickOutside={false}
        >
          <CompanyForm
            company={null}
            part="profile"
            onCancel={() => setAdding(false)}
            onSaved={(c) => {
              setAdding(false);
              show(c.uid);
            }}
          />
        </Modal>
      )}
    </ListPage>
  );
}

/** `/Registration/perusahaanRekanan`: the companies kept — list, detail, prices, employees. */
export const PartnerCompaniesPage = () => <CompaniesScreen mode="manage" />;

/** `/Registration/daftarPerusahaan`: the companies listed with their employees and terms, read only. */
export const CompanyListPage = () => <CompaniesScreen mode="list" />;

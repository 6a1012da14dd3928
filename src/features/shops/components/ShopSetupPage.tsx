import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SHOP_LIMITS } from '@contract/shops/schemas';
import type { User } from '@contract/users/schemas';
import type { Shop } from '@contract/shops/schemas';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { CREATE_SHOP_FAILED, useCreateShop } from '../api/create-shop';
import { findShopQueryOptions } from '../api/find-shop';
import { userShopsQueryOptions } from '../api/get-user-shops';
import { createShopPayload, EMPTY_SETUP_FORM, nameHint, setupMessage, type SetupForm } from '../model';
import { CurrencyField } from './CurrencyField';
import { LogoField } from './LogoField';
import { PlaceField, useDebounced } from './PlaceField';

const SHOP_SETUP_TITLE = 'Set up your shop';
const OFFLINE_SETUP_MESSAGE = 'You are offline. A new shop can only be created with a connection: your details stay on this page until you are back online.';

/** A shop whose setup stopped before its categories were chosen: the merchant continues there. */
function ResumeNotice({ user }: { user: User }) {
  const shops = useQuery(userShopsQueryOptions(user.id));
  const unfinished = shops.data?.find((shop) => shop.superCategoriesOfInterest.length === 0);
  if (!unfinished) return null;
  return (
    <Alert
      severity="info"
      action={
        <ButtonLink to="/new-app/category-selection" search={{ alias: unfinished.alias }} color="inherit" size="small">
          Continue
        </ButtonLink>
      }
    >
      You started setting up {unfinished.name}: continue where you left off.
    </Alert>
  );
}

interface ShopSetupPageProps {
  user: User;
  /** What follows the creation (a template to start from, issue #11); category selection otherwise. */
  onCreated?: ((shop: Shop) => void) | undefined;
  /** A line under the title (e.g. the template the new app starts from). */
  notice?: React.ReactNode;
}

export function ShopSetupPage({ user, onCreated, notice }: ShopSetupPageProps) {
  const [form, setForm] = useState<SetupForm>(EMPTY_SETUP_FORM);
  const [message, setMessage] = useState<string | null>(null);
  const online = useOnline();
  const navigate = useNavigate();
  const create = useCreateShop();
  const typedName = useDebounced(form.name.trim(), 300);
  const nameCheck = useQuery({ ...findShopQueryOptions(typedName), enabled: online && typedName.length > 0 });
  const hint = nameHint(form.name, nameCheck.data);

  const change = (fields: Partial<SetupForm>) => {
    setForm((current) => ({ ...current, ...fields }));
    setMessage(null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = setupMessage(form) ?? (hint?.error ? hint.text : null);
    setMessage(problem);
    if (problem || !online) return;
    create.mutate(createShopPayload(form), {
      onSuccess: (shop) => {
        toast('Project created!', { variant: 'success' });
        if (onCreated) onCreated(shop);
        else void navigate({ to: '/new-app/category-selection', search: { alias: shop.alias } });
      },
      onError: (error) => {
        toast(CREATE_SHOP_FAILED, { variant: 'error' });
        setMessage(error.message);
      },
    });
  };

  return (
    <PageLayout title={SHOP_SETUP_TITLE} lead="Your business name, logo, address and currency: the details every new app starts from.">
      <Stack component="form" noValidate onSubmit={submit} spacing={3} sx={{ maxWidth: 640 }} aria-label="Shop setup">
        {!online ? <Alert severity="warning">{OFFLINE_SETUP_MESSAGE}</Alert> : null}
        {notice}
        <ResumeNotice user={user} />
        <TextField
          label="Business name"
          value={form.name}
          onChange={(event) => change({ name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: SHOP_LIMITS.name, autoComplete: 'organization' } }}
          error={hint?.error}
          helperText={hint?.text ?? 'At least 3 characters; it names your app.'}
        />
        <LogoField value={form.logo} onChange={(logo) => change({ logo })} />
        <PlaceField value={form.place} onChange={(place) => change({ place })} />
        <CurrencyField country={form.place?.countryCode} value={form.currencyId} onChange={(currencyId) => change({ currencyId })} />
        {message ? (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        ) : null}
        <SubmitButton type="submit" size="large" pending={create.isPending} disabled={!online} sx={{ alignSelf: 'flex-start', minHeight: 48 }}>
          Create project
        </SubmitButton>
      </Stack>
    </PageLayout>
  );
}

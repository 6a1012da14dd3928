import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { SHOP_MEDIA_TYPES } from '@contract/shops/paths';
import { logoFileProblem, useUploadShopLogo } from '../api/upload-shop-logo';

const LogoCropDialog = lazy(() => import('./LogoCropDialog'));

/** Logo: pick a file, crop it to a square, upload it with progress; `onChange` gets its URL. */
export function LogoField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadShopLogo();

  useEffect(() => () => void (source && URL.revokeObjectURL(source.url)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const issue = logoFileProblem(file);
    setProblem(issue);
    if (!issue) setSource({ url: URL.createObjectURL(file), name: file.name });
  };

  const cropped = (logo: Blob) => {
    const name = source?.name ?? 'logo';
    setSource(null);
    setPreview(URL.createObjectURL(logo));
    setProgress(0);
    upload.mutate(
      { file: logo, name, onProgress: setProgress },
      {
        onSuccess: (media) => {
          setProblem(null);
          onChange(media.url);
        },
        onError: (error) => setProblem(error.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Box>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Business logo
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar
          variant="rounded"
          src={preview ?? (value || undefined)}
          alt={value ? 'Your logo' : undefined}
          sx={{ width: 72, height: 72, bgcolor: 'grey.700', color: '#FFFFFF', fontSize: '0.875rem' }}
        >
          Logo
        </Avatar>
        <Box sx={{ flex: 1 }}>
          <input ref={input} type="file" accept={SHOP_MEDIA_TYPES.join(',')} hidden aria-label="Logo file" onChange={choose} />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending} sx={{ minHeight: 44 }}>
            {value ? 'Change logo' : 'Upload logo'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            PNG, JPEG or WebP, up to 2 MB; cropped to a square.
          </Typography>
        </Box>
      </Box>
      {progress !== null ? <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Logo upload progress" sx={{ mt: 1 }} /> : null}
      {value && progress === null && !problem ? (
        <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
          Logo uploaded.
        </Typography>
      ) : null}
      {problem ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      ) : null}
      {source ? (
        <Suspense fallback={null}>
          <LogoCropDialog src={source.url} onCancel={() => setSource(null)} onCropped={cropped} />
        </Suspense>
      ) : null}
    </Box>
  );
}

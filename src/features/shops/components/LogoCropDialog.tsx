/** Crops the chosen logo to a square (loaded on demand: the cropper stays out of the page's own chunk). */
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
// The cropper's styles as a stylesheet of this chunk: the <style> element it would inject itself
// carries no nonce, and the Content-Security-Policy refuses it (no crop square, the image unplaced).
import 'react-easy-crop/react-easy-crop.css';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';

/** Logos are stored as this many pixels square: sharp on any phone's splash screen. */
const LOGO_SIZE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** The square `area` of the image as a WebP (PNG where the browser cannot write WebP). */
async function cropToSquare(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = LOGO_SIZE;
  canvas.height = LOGO_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, LOGO_SIZE, LOGO_SIZE);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped'))), 'image/webp', 0.9),
  );
}

export default function LogoCropDialog({ src, onCancel, onCropped }: { src: string; onCancel: () => void; onCropped: (logo: Blob) => void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    if (!area) return;
    try {
      onCropped(await cropToSquare(src, area));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="logo-crop-title">
      <DialogTitle id="logo-crop-title">Crop your logo</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', height: { xs: 260, sm: 340 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          <Cropper
            disableAutomaticStylesInjection
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
          />
        </Box>
        <Typography id="logo-zoom-label" sx={{ mt: 2 }}>
          Zoom
        </Typography>
        <Slider aria-labelledby="logo-zoom-label" min={1} max={3} step={0.05} value={zoom} onChange={(_event, value) => setZoom(value as number)} />
        {problem ? (
          <Typography role="alert" color="error">
            {problem}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!area} onClick={() => void confirm()}>
          Use this logo
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@contract/shops/schemas';
import { placesQueryOptions } from '../api/search-places';

/** The value typed in a field, once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const MIN_QUERY = 2;

/**
 * Business address: a place search on the server's offline gazetteer, or the browser's
 * position ('Use my location') named after the nearest town.
 */
export function PlaceField({ value, onChange }: { value: Place | null; onChange: (place: Place | null) => void }) {
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim(), 250);
  const queryClient = useQueryClient();
  const places = useQuery({ ...placesQueryOptions({ q: query }), enabled: query.length >= MIN_QUERY });
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('This browser cannot tell your location: search for your town instead.');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const [nearest] = await queryClient.fetchQuery(placesQueryOptions({ latitude: coords.latitude, longitude: coords.longitude }));
          onChange({
            name: nearest?.name ?? 'My location',
            // Named for the merchant: the nearest town, never raw coordinates.
            description: nearest ? `Near ${nearest.description}` : 'Your current location',
            latitude: Number(coords.latitude.toFixed(6)),
            longitude: Number(coords.longitude.toFixed(6)),
            countryCode: nearest?.countryCode ?? '',
          });
        } catch (error) {
          setProblem((error as Error).message);
        } finally {
          setLocating(false);
        }
      },
      () => {
        setLocating(false);
        setProblem('Your location is not available: search for your town instead.');
      },
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  return (
    <Box>
      <Autocomplete
        options={places.data ?? []}
        value={value}
        onChange={(_event, place) => onChange(place)}
        inputValue={input}
        onInputChange={(_event, text) => setInput(text)}
        filterOptions={(options) => options}
        getOptionLabel={(place) => place.description}
        isOptionEqualToValue={(a, b) => a.description === b.description && a.latitude === b.latitude}
        getOptionKey={(place) => `${place.description}:${place.latitude}:${place.longitude}`}
        loading={places.isFetching}
        noOptionsText={query.length < MIN_QUERY ? 'Type your town or city' : 'No place found'}
        renderInput={(params) => <TextField {...params} label="Business address" helperText="Search your town or city" />}
      />
      <Button variant="text" onClick={locate} disabled={locating} sx={{ minHeight: 44, mt: 1 }}>
        {locating ? 'Finding you…' : 'Use my location'}
      </Button>
      {problem ? (
        <Typography role="alert" color="error" variant="body2">
          {problem}
        </Typography>
      ) : null}
    </Box>
  );
}

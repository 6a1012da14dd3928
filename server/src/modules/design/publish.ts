import { designAddress, designRoom, REALTIME_EVENTS, type RealtimeSnapshot } from '@contract/design/realtime';
import type { Realtime } from '../../realtime/socket';
import type { FirebaseMirror } from './firebase-mirror';

/**
 * A design document the server changed (an edit, a configure, a version duplicated, made the
 * default or merged): to the subscribers of its room, and in Firebase mode to Firebase too.
 */
export async function publishDesign({ realtime, firebase }: { realtime: Realtime; firebase: FirebaseMirror }, snapshot: RealtimeSnapshot): Promise<void> {
  const address = designAddress(snapshot.path);
  if (address) realtime.emitToRoom(designRoom(address), REALTIME_EVENTS.value, snapshot);
  await firebase.designChanged(snapshot);
}

// The rooms' network (issue 33, docs/friends.md): Trystero's Nostr strategy, bundled by
// `make site` (esbuild) into assets/room.mjs with the build's relays (RELAYS) pinned. The page
// imports it only when a room is opened or joined: a first visit never fetches it.
import { getRelaySockets, joinRoom, selfId } from "trystero/nostr";

export const relays = __BELA_RELAYS__;
export const me = selfId;
const APP_ID = "bela.rooms.v1";

// Join the room ``code`` (also Trystero's password: the relays see no offer in clear). ``on``
// holds the page's handlers: message(text, peer), join(peer), leave(peer). Returns what the
// page needs: send(text, peer or null for everyone), peers(), reached(), leave().
export function open(code, turn, on) {
  if (!relays.length) throw new Error("this build has no relays: make site RELAYS='wss://…'");
  const config = { appId: APP_ID, password: code, relayConfig: { urls: relays, warnOnRelayFailure: false } };
  if (turn && turn.urls) config.turnConfig = [turn];
  const room = joinRoom(config, code);
  const action = room.makeAction("m");
  action.onMessage = (data, context) => {
    const peer = context && context.peerId;
    // what arrives, as it arrives: the rooms' e2e tests record each guest's messages here
    if (typeof globalThis.belaRoomTap === "function") globalThis.belaRoomTap(data, peer);
    on.message(data, peer);
  };
  room.onPeerJoin = (peer) => on.join(peer);
  room.onPeerLeave = (peer) => on.leave(peer);
  return {
    send: (text, peer) => action.send(text, peer ? { target: peer } : undefined),
    peers: () => Object.keys(room.getPeers()),
    // how many of the build's relays are connected now (none for long: the room says so)
    reached: () => Object.values(getRelaySockets()).filter((s) => s && s.readyState === 1).length,
    leave: () => room.leave(),
  };
}

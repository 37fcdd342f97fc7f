import { ProviderError } from "@tfkit/provider";
import type { PathInput } from "@tfkit/schema";
import { cidrHost, FIRST_SERVER_HOST, networkPrefixProblem, parseIpv4Prefix } from "./cidr.js";
import { Faults } from "./faults.js";
import { FileStore, nextId, StoreError, type StoreData, type StoredObject } from "./store/file-store.js";

/**
 * A network of the demo cloud.
 * @category models
 */
export interface Network {
  /** `net-N`, or `net-default` for the built-in network. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Its IPv4 prefix. */
  readonly cidr: string;
}

/**
 * One network interface of a server.
 * @category models
 */
export interface Interface {
  /** The network it is attached to. */
  readonly network_id: string;
  /** The address the cloud gave it. */
  readonly ip: string;
  /** Whether the cloud created it by itself (servers without interfaces get one on `net-default`). */
  readonly is_default: boolean;
}

/**
 * A server of the demo cloud.
 * @category models
 */
export interface Server {
  /** `srv-N`. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Free text. */
  readonly description: string | null;
  /** The boot image (changing it means a new server). */
  readonly image: string;
  /** The machine size; the cloud picks `small` when none is asked for. */
  readonly size: string;
  /** The service port. */
  readonly port: number;
  /** The administrator password. */
  readonly admin_password: string | null;
  /** `"true"` / `"false"` (a bool before schema version 1: see Terraform's "State Upgrade"). */
  readonly enabled: string | null;
  /** Every interface, the configured ones first, in order, then the default one if any. */
  readonly interfaces: readonly Interface[];
  /** Creation time (RFC 3339). */
  readonly created_at: string;
}

/**
 * A volume of the demo cloud.
 * @category models
 */
export interface Volume {
  /** `vol-N`. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Size in GiB. */
  readonly size: number;
  /** The server it is attached to, if any. */
  readonly server_id: string | null;
}

/**
 * What creating or updating a server asks for.
 * @category models
 */
export interface ServerInput {
  /** Name. */
  readonly name: string;
  /** Description. */
  readonly description: string | null;
  /** Image. */
  readonly image: string;
  /** Size, or null to let the cloud choose (create) / keep the current one (update). */
  readonly size: string | null;
  /** Port. */
  readonly port: number;
  /** Password. */
  readonly admin_password: string | null;
  /** Enabled flag. */
  readonly enabled: string | null;
  /** The networks of the configured interfaces, in order. */
  readonly networks: readonly string[];
}

/**
 * The network every server without interfaces is attached to.
 * @category constructors
 */
export const DEFAULT_NETWORK: Network = Object.freeze({
  id: "net-default",
  name: "default",
  cidr: "192.168.0.0/16",
});

/**
 * The image catalog.
 * @category constructors
 */
export const IMAGES: readonly { readonly name: string; readonly os: string }[] = Object.freeze([
  { name: "debian-12", os: "linux" },
  { name: "ubuntu-24.04", os: "linux" },
  { name: "alpine-3.20", os: "linux" },
  { name: "windows-2022", os: "windows" },
]);

const TYPE_OF_KIND: Record<string, string> = {
  network: "demo_network",
  server: "demo_server",
  volume: "demo_volume",
};

function notFound(kind: string, id: string, path?: PathInput): ProviderError {
  return new ProviderError(`Demo cloud: ${kind} ${id} not found`, {
    detail: `The ${kind} ${id} does not exist in the demo cloud (it may have been deleted outside Terraform).`,
    ...(path === undefined ? {} : { path }),
  });
}

/** A store that cannot be used is the user's to fix (a hand-edited or foreign file, a stuck lock), not a provider bug. */
function unusableStore(error: unknown): unknown {
  if (!(error instanceof StoreError)) return error;
  return new ProviderError("Demo cloud: the store cannot be used", {
    detail: `${error.message}. The store is set by the provider's store_path, TFKIT_DEMO_STORE, else .demo-cloud.json in the working directory.`,
    cause: error,
  });
}

function injected(op: string, typeName: string, what: string): ProviderError {
  return new ProviderError(`Demo cloud: injected fault ${op}:${typeName}`, {
    detail: `${what} failed because TFKIT_DEMO_FAULTS asks for it (a test of the provider's error handling).`,
  });
}

/**
 * The demo cloud: networks, servers with interfaces, volumes, kept in a {@link FileStore}.
 *
 * @remarks Every call honours {@link Faults} (latency, injected errors) the way a flaky remote
 * API would; every change is one locked read-modify-write of the store.
 * @category models
 */
export class DemoCloud {
  /** The store. */
  readonly store: FileStore;
  /** Injected faults. */
  readonly faults: Faults;

  constructor(storePath: string, faults: Faults = Faults.fromEnv()) {
    this.store = new FileStore(storePath);
    this.faults = faults;
  }

  async #begin(
    op: "create" | "read" | "update" | "delete",
    kind: string,
    name: string | null,
    signal?: AbortSignal,
  ) {
    await this.faults.latency(signal);
    const typeName = TYPE_OF_KIND[kind] ?? kind;
    if (this.faults.fires(op, typeName, name))
      throw injected(op, typeName, `${op} of ${kind} ${name ?? ""}`.trim());
  }

  #read(): StoreData {
    try {
      return this.store.read();
    } catch (error) {
      throw unusableStore(error);
    }
  }

  async #update<T>(change: (data: StoreData) => T | Promise<T>): Promise<T> {
    try {
      return await this.store.update(change);
    } catch (error) {
      throw unusableStore(error);
    }
  }

  #get(data: StoreData, kind: string, id: string): StoredObject | undefined {
    const o = data.objects[id];
    return o !== undefined && o.kind === kind ? o : undefined;
  }

  /** Fails when `create_after_remote` is injected for this object: the "object exists but did not come up" case. */
  async waitUntilReady(
    typeName: string,
    id: string,
    name: string | null,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.faults.latency(signal);
    if (this.faults.fires("create_after_remote", typeName, name)) {
      throw new ProviderError(
        `Demo cloud: ${id} did not become ready (injected fault create_after_remote:${typeName})`,
        {
          detail: `The object ${id} was created but failed afterwards. Terraform keeps it in state as tainted and replaces it on the next apply.`,
        },
      );
    }
  }

  // --- networks ---

  /** Creates a network. */
  async createNetwork(input: { name: string; cidr: string }, signal?: AbortSignal): Promise<Network> {
    await this.#begin("create", "network", input.name, signal);
    // The cidr validator refuses these at validate and plan time; an apply whose plan skipped
    // them (another client, a hand-made plan) still gets the same words on the attribute.
    const problem = networkPrefixProblem(input.cidr);
    if (problem !== undefined) {
      throw new ProviderError("Demo cloud: invalid network prefix", { path: ["cidr"], detail: problem });
    }
    return this.#update((data) => {
      const id = nextId(data, "net");
      data.objects[id] = { kind: "network", id, attributes: { name: input.name, cidr: input.cidr } };
      return { id, name: input.name, cidr: input.cidr };
    });
  }

  /** Reads a network (null when gone). */
  async getNetwork(id: string, signal?: AbortSignal): Promise<Network | null> {
    await this.#begin("read", "network", null, signal);
    if (id === DEFAULT_NETWORK.id) return DEFAULT_NETWORK;
    const o = this.#get(this.#read(), "network", id);
    return o === undefined ? null : networkOf(o);
  }

  /** Finds a network by name (the built-in `default` one included). */
  async findNetwork(name: string, signal?: AbortSignal): Promise<Network | null> {
    await this.#begin("read", "network", name, signal);
    if (name === DEFAULT_NETWORK.name) return DEFAULT_NETWORK;
    const found = Object.values(this.#read().objects).find(
      (o) => o.kind === "network" && o.attributes.name === name,
    );
    return found === undefined ? null : networkOf(found);
  }

  /** Renames a network (its prefix cannot change). */
  async updateNetwork(id: string, input: { name: string }, signal?: AbortSignal): Promise<Network> {
    await this.#begin("update", "network", input.name, signal);
    return this.#update((data) => {
      const o = this.#get(data, "network", id);
      if (o === undefined) throw notFound("network", id);
      data.objects[id] = { ...o, attributes: { ...o.attributes, name: input.name } };
      return networkOf(data.objects[id]);
    });
  }

  /** Deletes a network (idempotent). */
  async deleteNetwork(id: string, signal?: AbortSignal): Promise<void> {
    await this.#begin("delete", "network", null, signal);
    await this.#update((data) => {
      delete data.objects[id];
    });
  }

  // --- servers ---

  /** Creates a server, its interfaces (a default one when none is asked for) and their addresses. */
  async createServer(input: ServerInput, signal?: AbortSignal): Promise<Server> {
    await this.#begin("create", "server", input.name, signal);
    return this.#update((data) => {
      const id = nextId(data, "srv");
      const interfaces = allocateInterfaces(data, id, input.networks, []);
      const server: Server = {
        id,
        name: input.name,
        description: input.description,
        image: input.image,
        size: input.size ?? "small",
        port: input.port,
        admin_password: input.admin_password,
        enabled: input.enabled,
        interfaces,
        created_at: new Date().toISOString(),
      };
      data.objects[id] = { kind: "server", id, attributes: serverAttributes(server) };
      return server;
    });
  }

  /** Reads a server (null when gone). */
  async getServer(id: string, signal?: AbortSignal): Promise<Server | null> {
    await this.#begin("read", "server", null, signal);
    const o = this.#get(this.#read(), "server", id);
    return o === undefined ? null : serverOf(o);
  }

  /** Updates a server in place; interfaces keep their address when their network did not change. */
  async updateServer(id: string, input: ServerInput, signal?: AbortSignal): Promise<Server> {
    await this.#begin("update", "server", input.name, signal);
    return this.#update((data) => {
      const o = this.#get(data, "server", id);
      if (o === undefined) throw notFound("server", id);
      const prior = serverOf(o);
      if (prior.image !== input.image) {
        throw new ProviderError("Demo cloud: the image of a server cannot change", { path: ["image"] });
      }
      const server: Server = {
        ...prior,
        name: input.name,
        description: input.description,
        size: input.size ?? prior.size,
        port: input.port,
        admin_password: input.admin_password,
        enabled: input.enabled,
        interfaces: allocateInterfaces(data, id, input.networks, prior.interfaces),
      };
      data.objects[id] = { ...o, attributes: serverAttributes(server) };
      return server;
    });
  }

  /** Deletes a server (idempotent); volumes attached to it are detached. */
  async deleteServer(id: string, signal?: AbortSignal): Promise<void> {
    await this.#begin("delete", "server", null, signal);
    await this.#update((data) => {
      delete data.objects[id];
      for (const o of Object.values(data.objects)) {
        if (o.kind === "volume" && o.attributes.server_id === id) {
          data.objects[o.id] = { ...o, attributes: { ...o.attributes, server_id: null } };
        }
      }
    });
  }

  // --- volumes ---

  /** Creates a volume, attached to a server when one is given. */
  async createVolume(
    input: { name: string; size: number; server_id: string | null },
    signal?: AbortSignal,
  ): Promise<Volume> {
    await this.#begin("create", "volume", input.name, signal);
    return this.#update((data) => {
      if (input.server_id !== null && this.#get(data, "server", input.server_id) === undefined) {
        throw notFound("server", input.server_id);
      }
      const id = nextId(data, "vol");
      const volume: Volume = { id, ...input };
      data.objects[id] = {
        kind: "volume",
        id,
        attributes: { name: input.name, size: input.size, server_id: input.server_id },
      };
      return volume;
    });
  }

  /** Reads a volume (null when gone). */
  async getVolume(id: string, signal?: AbortSignal): Promise<Volume | null> {
    await this.#begin("read", "volume", null, signal);
    const o = this.#get(this.#read(), "volume", id);
    return o === undefined ? null : volumeOf(o);
  }

  /** Renames, grows, attaches or detaches a volume. */
  async updateVolume(
    id: string,
    input: { name: string; size: number; server_id: string | null },
    signal?: AbortSignal,
  ): Promise<Volume> {
    await this.#begin("update", "volume", input.name, signal);
    return this.#update((data) => {
      const o = this.#get(data, "volume", id);
      if (o === undefined) throw notFound("volume", id);
      const prior = volumeOf(o);
      if (input.size < prior.size)
        throw new ProviderError("Demo cloud: a volume cannot shrink", { path: ["size"] });
      if (input.server_id !== null && this.#get(data, "server", input.server_id) === undefined) {
        throw notFound("server", input.server_id);
      }
      data.objects[id] = {
        ...o,
        attributes: { name: input.name, size: input.size, server_id: input.server_id },
      };
      return { id, ...input };
    });
  }

  /** Deletes a volume (idempotent). */
  async deleteVolume(id: string, signal?: AbortSignal): Promise<void> {
    await this.#begin("delete", "volume", null, signal);
    await this.#update((data) => {
      delete data.objects[id];
    });
  }

  // --- catalog ---

  /** The images the cloud offers. */
  async images(signal?: AbortSignal): Promise<typeof IMAGES> {
    await this.#begin("read", "demo_images", null, signal);
    return IMAGES;
  }
}

function networkOf(o: StoredObject): Network {
  return { id: o.id, name: String(o.attributes.name), cidr: String(o.attributes.cidr) };
}

function serverAttributes(s: Server): StoredObject["attributes"] {
  const { id: _id, interfaces, ...rest } = s;
  return { ...rest, interfaces: interfaces.map((i) => ({ ...i })) };
}

function serverOf(o: StoredObject): Server {
  return { id: o.id, ...(o.attributes as unknown as Omit<Server, "id">) };
}

function volumeOf(o: StoredObject): Volume {
  return { id: o.id, ...(o.attributes as unknown as Omit<Volume, "id">) };
}

function networkIn(data: StoreData, id: string, path?: PathInput): Network {
  if (id === DEFAULT_NETWORK.id) return DEFAULT_NETWORK;
  const o = data.objects[id];
  if (o === undefined || o.kind !== "network") throw notFound("network", id, path);
  return networkOf(o);
}

/**
 * Interfaces for the wanted networks: an interface whose network did not change (same position)
 * keeps its address, a new one gets the lowest free host number from 10 up; no interface at all
 * means one default interface on `net-default` (the implicit-object rule of Terraform's "Resource Instance Change Lifecycle").
 */
function allocateInterfaces(
  data: StoreData,
  serverId: string,
  networks: readonly string[],
  prior: readonly Interface[],
): Interface[] {
  const used = new Set<string>();
  for (const o of Object.values(data.objects)) {
    if (o.kind !== "server" || o.id === serverId) continue;
    for (const i of serverOf(o).interfaces) used.add(`${i.network_id} ${i.ip}`);
  }
  const configuredPrior = prior.filter((i) => !i.is_default);
  const kept = networks.map((networkId, index) => {
    const before = configuredPrior[index];
    return before !== undefined && before.network_id === networkId ? before : undefined;
  });
  for (const k of kept) if (k !== undefined) used.add(`${k.network_id} ${k.ip}`);
  const out: Interface[] = networks.map(
    (networkId, index) =>
      kept[index] ?? {
        network_id: networkId,
        ip: freeAddress(data, networkId, used, ["network_interface", index, "network_id"]),
        is_default: false,
      },
  );
  if (out.length === 0) {
    const priorDefault = prior.find((i) => i.is_default);
    out.push(
      priorDefault ?? {
        network_id: DEFAULT_NETWORK.id,
        ip: freeAddress(data, DEFAULT_NETWORK.id, used),
        is_default: true,
      },
    );
  }
  return out;
}

/**
 * The lowest free address from host number {@link FIRST_SERVER_HOST} up; `path` is the
 * interface's `network_id`, which errors point at (none for the default interface).
 */
function freeAddress(data: StoreData, networkId: string, used: Set<string>, path?: PathInput): string {
  const network = networkIn(data, networkId, path);
  const where = path === undefined ? {} : { path };
  // Networks created before /28 became the limit, or a store edited by hand.
  const problem = networkPrefixProblem(network.cidr);
  if (problem !== undefined) {
    throw new ProviderError(`Demo cloud: network ${networkId} cannot hold servers`, {
      ...where,
      detail: `${problem}. Give the network a larger prefix (that replaces it) or attach the server elsewhere.`,
    });
  }
  const size = 2 ** (32 - parseIpv4Prefix(network.cidr).bits);
  for (let host = FIRST_SERVER_HOST; host < size; host++) {
    const ip = cidrHost(network.cidr, host);
    if (!used.has(`${networkId} ${ip}`)) {
      used.add(`${networkId} ${ip}`);
      return ip;
    }
  }
  throw new ProviderError(`Demo cloud: network ${networkId} has no free address`, {
    ...where,
    detail: `Every address the cloud gives servers in ${network.cidr} (host numbers ${FIRST_SERVER_HOST} to ${size - 1}) is taken. Use a network with a larger prefix.`,
  });
}

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/btlua/btlua/host"
)

// startAgents loads the script (loadScript) or, with --restore, restores
// the agents of the save; with --save it then checks that the agents can
// be saved, so that a script that cannot be is refused before it runs.
func startAgents(h *host.Host, c *config, stderr io.Writer) ([]*host.Agent, error) {
	var agents []*host.Agent
	var err error
	if c.restore != "" {
		agents, err = restoreFile(h, c, stderr)
	} else {
		agents, err = loadScript(h, c, stderr)
	}
	if err != nil || c.save == "" {
		return agents, err
	}
	if _, err := h.SnapshotAll(); err != nil {
		return agents, fmt.Errorf("--save %s: this script cannot be saved: %w", c.save, hostError{err})
	}
	if c.saveLocals, err = h.ChunkLocals(); err != nil {
		return agents, fmt.Errorf("--save %s: %w", c.save, err)
	}
	return agents, nil
}

// restoreFile restores the save of --restore, which must hold the
// agents of the script given; it warns on stderr when the script's
// content changed since the save.
func restoreFile(h *host.Host, c *config, stderr io.Writer) ([]*host.Agent, error) {
	data := c.saveData
	if err := sameScript(data, c.script); err != nil {
		return nil, restoreError(c.restore, data, err)
	}
	agents, err := h.RestoreAll(data)
	if err != nil {
		return nil, restoreError(c.restore, data, err)
	}
	if len(agents) == 0 {
		return nil, fmt.Errorf("--restore %s: %w: the save holds no agents", c.restore, host.ErrBadSave)
	}
	warnChanged(data, c.script, stderr)
	for i, a := range h.Agents() {
		if _, due := a.RestartDue(); a.Err() != nil && !due {
			fmt.Fprintf(stderr, "btlua: --restore %s: agent %d (%s) was saved stopped by an error and stays stopped: %v\n", c.restore, i+1, a.Source, a.Err())
		}
	}
	return agents, nil
}

// restoreShards reads the save of --restore before the host is made,
// checks that --agents, when given, is its number of agents, and,
// without --shards, takes the save's shard count: each load goes back to
// the Lua state it ran in (another count is refused for a save whose
// agents depend on it, see host.RestoreAll).
func restoreShards(c *config) error {
	if c.restore == "" {
		return nil
	}
	data, err := readSaveFile(c.restore)
	if err != nil {
		return err
	}
	c.saveData = data
	if c.agents > 0 {
		n, err := host.SaveAgents(data)
		if err != nil {
			return restoreError(c.restore, data, err)
		}
		if n != c.agents {
			return fmt.Errorf("--restore %s: the save holds %d agents, and --agents says %d (--restore needs no --agents)", c.restore, n, c.agents)
		}
	}
	if c.shardsGiven {
		return nil
	}
	if c.shards, err = host.SaveShards(data); err != nil {
		return restoreError(c.restore, data, err)
	}
	return nil
}

// readSaveFile reads the save at path, at most host.MaxSaveSize bytes.
func readSaveFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError("--restore", path, "read it", err)
	}
	defer f.Close()
	data, err := host.ReadSave(f)
	if err != nil {
		return nil, fmt.Errorf("--restore %s: %w", path, err)
	}
	return data, nil
}

// warnChanged says on stderr when script's content is not the one the
// save was made from: the restore then went by structure and task paths.
func warnChanged(data []byte, script string, stderr io.Writer) {
	hashes, err := host.SaveScriptHashes(data)
	content, rerr := os.ReadFile(script)
	if err != nil || rerr != nil {
		return
	}
	sum := sha256.Sum256(content)
	// sameScript has checked that every load of the save is of script.
	for _, h := range hashes {
		if h != hex.EncodeToString(sum[:]) {
			fmt.Fprintf(stderr, "btlua: warning: %s changed since the save (its SHA-256 differs); restoring by structure and task paths\n", script)
			return
		}
	}
}

// sameScript checks that the save's agents come from script.
func sameScript(data []byte, script string) error {
	scripts, err := host.SaveScripts(data)
	if err != nil {
		return err
	}
	want, _ := filepath.Abs(script)
	for _, s := range scripts {
		if got, _ := filepath.Abs(s); got != want {
			return fmt.Errorf("the save holds agents of %s, not of %s", s, script)
		}
	}
	return nil
}

// writeSave writes every agent's state to the file of --save (gzipped
// when it ends in .gz), and warns on stderr naming the agents stopped by
// an error for good, which the save holds stopped.
func writeSave(h *host.Host, c *config, stderr io.Writer) error {
	if c.save == "" {
		return nil
	}
	if err := c.saveLocals.Changed(); err != nil {
		return fmt.Errorf("--save %s: not written: %w", c.save, err)
	}
	data, err := h.SnapshotAll()
	if err != nil {
		return fmt.Errorf("--save %s: %w", c.save, hostError{err})
	}
	if strings.HasSuffix(c.save, ".gz") {
		data = host.Gzip(data)
	}
	if err := os.WriteFile(c.save, data, 0o644); err != nil {
		return fmt.Errorf("--save: %w", err)
	}
	if stopped := stoppedAgents(h); len(stopped) > 0 {
		verb := "was stopped by an error and is"
		if len(stopped) > 1 {
			verb = "were stopped by an error and are"
		}
		fmt.Fprintf(stderr, "btlua: warning: --save %s: %s %s saved stopped (a restore brings it back stopped, with its error)\n",
			c.save, strings.Join(stopped, ", "), verb)
	}
	return nil
}

// stoppedAgents names the agents of h stopped by an error for good (no
// restart due), each as "agent N (script)", N its place in h.Agents()
// from 1.
func stoppedAgents(h *host.Host) []string {
	var out []string
	for i, a := range h.Agents() {
		if a.Err() == nil {
			continue
		}
		if _, due := a.RestartDue(); !due {
			out = append(out, fmt.Sprintf("agent %d (%s)", i+1, a.Source))
		}
	}
	return out
}

;;; eglot_batch.el --- eplint lsp through Emacs's own client, eglot, headless  -*- lexical-binding: t -*-

;; Run by LanguageServerEditorTests.swift:
;;   emacs --batch -l eglot_batch.el EPLINT FILE RESULT
;; Opens FILE, manages it with eglot running `EPLINT lsp', waits (bounded) for Flymake's
;; diagnostics, prints each as "diagnostic LINE:COLUMN-LINE:COLUMN TYPE TEXT" (lines from 1,
;; columns in characters from 0: an emoji is one, where the protocol counts two UTF-16 units), applies the preferred quick fix eglot is offered at the
;; first one and writes the buffer's text to RESULT.  Any failure exits 1 with its reason.

(require 'eglot)
(require 'flymake)

(defvar eglot-batch-timeout 60 "Seconds to wait for the server at each step.")

(defun eglot-batch-fail (format-string &rest arguments)
  (princ (concat "eglot_batch: " (apply #'format format-string arguments) "\n"))
  (kill-emacs 1))

(defun eglot-batch-wait (what predicate)
  "Read the server's output until PREDICATE holds, or fail after `eglot-batch-timeout'."
  (let ((deadline (+ (float-time) eglot-batch-timeout)))
    (while (not (funcall predicate))
      (when (> (float-time) deadline)
        (eglot-batch-fail "no %s after %d s" what eglot-batch-timeout))
      (accept-process-output nil 0.05))))

(defvar eglot-batch-watchdog
  ;; A step that waits without the bounded loop below (a request eglot makes) still ends.
  (run-at-time (* 4 eglot-batch-timeout) nil
               (lambda () (eglot-batch-fail "not done after %d s" (* 4 eglot-batch-timeout)))))

(defun eglot-batch-position (point)
  (save-excursion
    (goto-char point)
    (format "%d:%d" (line-number-at-pos) (- (point) (line-beginning-position)))))

(let* ((arguments command-line-args-left)
       (eplint (nth 0 arguments))
       (file (nth 1 arguments))
       (result (nth 2 arguments))
       ;; Nothing asks a question in batch mode: a prompt would read standard input.
       (eglot-confirm-server-initiated-edits nil))
  (setq command-line-args-left nil)
  (unless (and eplint file result) (eglot-batch-fail "usage: EPLINT FILE RESULT"))
  (with-current-buffer (find-file-noselect file)
    ;; Whatever mode Emacs opens a .plist in (nxml-mode for its XML declaration) is the one
    ;; the server is registered for.
    (princ (format "mode %s\n" major-mode))
    (add-to-list 'eglot-server-programs `(,major-mode . (,eplint "lsp")))
    (apply #'eglot (eglot--guess-contact))
    (eglot-batch-wait "eglot-managed buffer" (lambda () (bound-and-true-p eglot--managed-mode)))
    ;; Flymake starts on its idle timer, which batch mode never fires.
    (flymake-start)
    (eglot-batch-wait "Flymake diagnostics" (lambda () (flymake-diagnostics)))
    (let ((diagnostics (sort (flymake-diagnostics)
                             (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))
      (dolist (diagnostic diagnostics)
        (princ (format "diagnostic %s-%s %s %s\n"
                       (eglot-batch-position (flymake-diagnostic-beg diagnostic))
                       (eglot-batch-position (flymake-diagnostic-end diagnostic))
                       (flymake-diagnostic-type diagnostic)
                       (flymake-diagnostic-text diagnostic))))
      (let* ((first (car diagnostics))
             (server (eglot-current-server))
             (actions (eglot-code-actions (flymake-diagnostic-beg first) (flymake-diagnostic-end first)))
             (action (or (seq-find (lambda (a) (eq (plist-get a :isPreferred) t)) actions)
                         (eglot-batch-fail "no preferred code action among %S" actions))))
        (princ (format "action %s\n" (plist-get action :title)))
        ;; What eglot does with the action a user picks (`eglot--read-execute-code-action').
        (when-let ((edit (plist-get action :edit))) (eglot--apply-workspace-edit edit))
        (when-let ((command (plist-get action :command)))
          (eglot-execute-command server (intern (plist-get command :command)) (plist-get command :arguments)))))
    (let ((coding-system-for-write 'utf-8-unix))
      (write-region nil nil result))
    (eglot-shutdown (eglot-current-server))
    (kill-emacs 0)))

;;; eglot_batch.el ends here
